import { DynamoDBClient, QueryCommand as LowQuery } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { QueryCommandInput } from "@aws-sdk/lib-dynamodb";

const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const low = new DynamoDBClient({ region: "eu-west-1" });
const TABLE = process.env.TABLE_NAME!;
const slug = /^[a-z0-9'"-]+$/i; // a regular expression with quotes in it

export interface TicketQuery {
  KeyConditionExpression: string;
  ExpressionAttributeValues?: Record<string, unknown>;
}

export async function openTickets(owner: string) {
  // dynexpr:table Tickets
  const { Items } = await ddb.send(new QueryCommand({
    TableName: TABLE,
    IndexName: "owner-index",
    KeyConditionExpression: "#o = :o AND begins_with(sk, :p)",
    FilterExpression: "#s <> :closed",
    ExpressionAttributeNames: { "#o": "owner", "#s": "status" },
    ExpressionAttributeValues: { ":o": owner, ":p": "TICKET#", ":closed": 'closed' },
    ScanIndexForward: false,
    Limit: 25,
  }));
  return Items;
}

export async function lowLevel(owner: string) {
  return low.send(new LowQuery({
    TableName: "Tickets",
    KeyConditionExpression: `owner = :o`,
    ExpressionAttributeValues: { ":o": { S: owner }, ":n": { N: "1" } },
  }));
}

export const close = (id: string, version: number) =>
  ddb.send(new UpdateCommand({
    TableName: "Tickets",
    Key: { pk: id, sk: "META" },
    UpdateExpression: `SET #s = :closed,
      #v = :next`,
    ConditionExpression: "#v = :version", // dynexpr:ignore reserved-word -- version is quoted
    ExpressionAttributeNames: { "#s": "status", "#v": "version" },
    ExpressionAttributeValues: { ":closed": "closed", ":next": version + 1, ":version": version },
    ReturnValues: "ALL_NEW",
  }));

const byStatus: QueryCommandInput = {
  TableName: "Tickets",
  KeyConditionExpression: "#s = :s",
  ExpressionAttributeNames: { "#s": "status" },
  ExpressionAttributeValues: { ":s": "open" },
};

export async function move(a: string, b: string) {
  await ddb.send(new TransactWriteCommand({
    TransactItems: [
      { Delete: { TableName: "Tickets", Key: { pk: a }, ConditionExpression: "attribute_exists(pk)" } },
      { Put: { TableName: "Tickets", Item: { pk: b, tags: ["x"] }, ConditionExpression: "attribute_not_exists(pk)" } },
    ],
  }));
}

export function page(extra: Partial<QueryCommandInput>) {
  return ddb.send(new QueryCommand({ ...extra, TableName: "Tickets", KeyConditionExpression: "pk = :pk" }));
}
