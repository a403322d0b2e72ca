package example.tickets;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.*;

/** Queries tickets: .keyConditionExpression("#o = :o") in javadoc is text. */
public class TicketRepository {
    private static final String TABLE = "Tickets";
    private static final String BY_OWNER = "#o = :o AND begins_with(sk, :p)";
    private final DynamoDbClient ddb;

    public QueryResponse openTickets(String owner) {
        // dynexpr:table Tickets
        QueryRequest request = QueryRequest.builder()
                .tableName(TABLE)
                .indexName("owner-index")
                .keyConditionExpression("#o = :o AND begins_with(sk, :p)")
                .filterExpression("#s <> :closed")
                .expressionAttributeNames(Map.of("#o", "owner", "#s", "status"))
                .expressionAttributeValues(Map.of(
                        ":o", AttributeValue.builder().s(owner).build(),
                        ":p", AttributeValue.fromS("TICKET#"),
                        ":closed", AttributeValue.fromS("closed")))
                .scanIndexForward(false)
                .build();
        return ddb.query(request);
    }

    public void close(String id, long version) {
        ddb.updateItem(UpdateItemRequest.builder()
                .tableName("Tickets")
                .key(Map.ofEntries(
                        Map.entry("pk", AttributeValue.fromS(id)),
                        Map.entry("sk", AttributeValue.fromS("META"))))
                .updateExpression("""
                        SET #s = :closed,
                            #v = :next
                        """)
                .conditionExpression("#v = :version") // dynexpr:ignore reserved-word -- quoted
                .expressionAttributeNames(Map.of("#s", "status", "#v", "version"))
                .expressionAttributeValues(Map.of(
                        ":closed", AttributeValue.fromS("closed"),
                        ":next", AttributeValue.fromN(Long.toString(version + 1)),
                        ":version", AttributeValue.builder().n("7").build()))
                .build());
    }

    public QueryResponse byOwner(String owner) {
        return ddb.query(QueryRequest.builder().tableName(TABLE).keyConditionExpression(BY_OWNER)
                .expressionAttributeValues(values(owner)).build());
    }

    public void move(String a) {
        TransactWriteItemsRequest.builder().transactItems(
                TransactWriteItem.builder().delete(Delete.builder()
                        .tableName("Tickets")
                        .key(Map.of("pk", AttributeValue.fromS(a)))
                        .conditionExpression("attribute_exists(pk)")
                        .build()).build()).build();
    }
}
