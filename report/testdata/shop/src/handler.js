const { DynamoDBClient, QueryCommand } = require("@aws-sdk/client-dynamodb");

const client = new DynamoDBClient({});
const TABLE = process.env.ORDERS_TABLE;

// The table comes from the function's environment: which table, and so
// which of its indexes this reads, is not written here.
exports.byStatus = async (status) => {
  return client.send(new QueryCommand({
    TableName: TABLE,
    IndexName: process.env.STATUS_INDEX,
    KeyConditionExpression: "#s = :s",
    ExpressionAttributeNames: { "#s": "status" },
    ExpressionAttributeValues: { ":s": { S: status } },
  }));
};
