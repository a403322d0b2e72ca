package example.tickets

import aws.sdk.kotlin.services.dynamodb.DynamoDbClient
import aws.sdk.kotlin.services.dynamodb.model.*

const val TABLE = "Tickets"

class TicketRepository(private val ddb: DynamoDbClient) {
    // dynexpr:table Tickets
    suspend fun openTickets(owner: String) = ddb.query(QueryRequest {
        tableName = TABLE
        indexName = "owner-index"
        keyConditionExpression = "#o = :o AND begins_with(sk, :p)"
        filterExpression = "#s <> :closed"
        expressionAttributeNames = mapOf("#o" to "owner", "#s" to "status")
        expressionAttributeValues = mapOf(
            ":o" to AttributeValue.S(owner),
            ":p" to AttributeValue.S("TICKET#"),
            ":closed" to AttributeValue.S("closed"),
        )
        scanIndexForward = false
    })

    suspend fun close(id: String, version: Long) {
        ddb.updateItem {
            this.tableName = "Tickets"
            key = mapOf("pk" to AttributeValue.S(id), "sk" to AttributeValue.S("META"))
            updateExpression = """
                SET #s = :closed,
                    #v = :next
            """.trimIndent()
            conditionExpression = "#v = :version" // dynexpr:ignore reserved-word -- quoted
            expressionAttributeNames = mapOf("#s" to "status", "#v" to "version")
            expressionAttributeValues = mapOf(
                ":closed" to AttributeValue.S("closed"),
                ":next" to AttributeValue.N((version + 1).toString()),
                ":version" to AttributeValue.N("7"),
            )
        }
    }

    suspend fun maybeFiltered(owner: String, status: String?) = ddb.query {
        tableName = "Tickets"
        keyConditionExpression = "#o = :o"
        if (status != null) {
            filterExpression = "#s = :s"
        }
    }

    fun javaSdk(owner: String) = software.amazon.awssdk.services.dynamodb.model.QueryRequest.builder()
        .tableName("Tickets")
        .keyConditionExpression("owner = :o")
        .expressionAttributeValues(mapOf(":o" to AttributeValue.fromS(owner)))
        .build()
}
