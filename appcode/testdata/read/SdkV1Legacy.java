import com.amazonaws.services.dynamodbv2.model.*;
import com.amazonaws.services.dynamodbv2.document.spec.QuerySpec;

class Legacy {
    QueryRequest q() {
        return new QueryRequest()
                .withTableName("Tickets")
                .withKeyConditionExpression("pk = :pk")
                .withExpressionAttributeValues(Collections.singletonMap(":pk", new AttributeValue("a\tb")));
    }

    QuerySpec spec() {
        // The document API names its maps otherwise: the site is partial.
        return new QuerySpec().withKeyConditionExpression("pk = :pk").withValueMap(new ValueMap().withString(":pk", "a"));
    }

    void held(QueryRequest.Builder builder) {
        builder.keyConditionExpression("pk = :pk");
    }
}
