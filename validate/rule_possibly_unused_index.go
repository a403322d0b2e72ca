package validate

// PossiblyUnusedIndex is a report rule (ReportOnly): unused-index where a
// request whose table or index the code computes may read the index.
var PossiblyUnusedIndex = &Rule{
	Name:     "possibly-unused-index",
	Severity: Info,
	Title:    "no request dynexpr could read reads the index, but some compute their table or index",
	Why: `A request whose table or index name the code computes (an environment variable,
a parameter) may read any index: dynexpr does not call the index unused, and
names those requests. Resolve their names to turn this into a certain answer.`,
	Bad: `// handler.js: the table comes from the environment.
const { DynamoDBClient, QueryCommand } = require("@aws-sdk/client-dynamodb");
const client = new DynamoDBClient({});
exports.open = async () => client.send(new QueryCommand({
  TableName: process.env.TICKETS_TABLE,
  IndexName: "open-tickets-index",
  KeyConditionExpression: "openBucket = :o",
  ExpressionAttributeValues: { ":o": { S: "OPEN" } },
}));`,
	Good: `// handler.js: the table is named.
const { DynamoDBClient, QueryCommand } = require("@aws-sdk/client-dynamodb");
const client = new DynamoDBClient({});
exports.open = async () => client.send(new QueryCommand({
  TableName: "Tickets",
  IndexName: "open-tickets-index",
  KeyConditionExpression: "openBucket = :o",
  ExpressionAttributeValues: { ":o": { S: "OPEN" } },
}));`,
	AppliesTo:   "the indexes of the schema, against every request dynexpr report reads",
	NeedsSchema: true,
	ReportOnly:  true,
}
