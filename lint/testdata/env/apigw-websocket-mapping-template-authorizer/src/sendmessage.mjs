// Written for these tests in the shape of a WebSocket chat's handler: the
// table's name comes from the environment its template gives it.
import { DynamoDBClient, ScanCommand } from "@aws-sdk/client-dynamodb";
const ddbClient = new DynamoDBClient({});

export const handler = async (event) => {
  // Every open connection gets the message.

  const scanParams = {
    TableName: process.env.TABLE_NAME,
    ProjectionExpression: "connectionId",
  };
  const result = await ddbClient.send(new ScanCommand(scanParams));
  return { statusCode: 200, body: String(result.Items.length) };
};
