// keyConditionExpression = "pk = :pk" in a comment
/* filterExpression = "a = :a" /* nested */ still a comment */
data class Query(val keyConditionExpression: String = "pk = :pk")

class Settings {
    var filterExpression = "a = :a"
}

fun dynamic(field: String) = QueryRequest {
    keyConditionExpression = "$field = :v"
    filterExpression = "${field} = :v"
    projectionExpression = listOf("a", "b").joinToString()
    conditionExpression = "a = :a" +
        " AND b = :b"
}
