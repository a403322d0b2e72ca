import { DynamoDBDocumentClient, QueryCommand } from "@aws-sdk/lib-dynamodb";
// new QueryCommand({ KeyConditionExpression: "pk = :pk" }) in a comment
/* FilterExpression: "a = :a" in a block comment */
const doc = `KeyConditionExpression: "pk = :pk"`;
const ratio = total / count; const re = /FilterExpression: "x"/;

type Params = { KeyConditionExpression: string; FilterExpression?: string };

function build({ KeyConditionExpression, TableName }: Params) {
  return 1;
}

export function dynamic(field: string, ddb: DynamoDBDocumentClient) {
  const { KeyConditionExpression } = defaults;
  const params: any = {};
  params.FilterExpression = "a = :a";
  params["ConditionExpression"] = "attribute_exists(pk)";
  return ddb.send(new QueryCommand({
    TableName: "T",
    KeyConditionExpression: `${field} = :v`,
    FilterExpression: "a = :a" + more,
    ProjectionExpression: fields.join(", "),
    ExpressionAttributeValues: Object.fromEntries(pairs),
  }));
}
