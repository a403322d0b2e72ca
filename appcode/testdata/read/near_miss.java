class NearMiss {
    // .keyConditionExpression("pk = :pk") in a comment
    /* .filterExpression("a = :a") in a block comment */
    String text = ".keyConditionExpression(\"pk = :pk\")";
    char quote = '"';
    void dynamic(String field, String extra) {
        QueryRequest.builder()
                .keyConditionExpression(field + " = :v")
                .filterExpression(String.format("%s = :v", field))
                .projectionExpression(extra)
                .expressionAttributeValues(new HashMap<>())
                .build();
        Expression.builder().expression("#a = :a").build();
    }
}
