const AWS = require("aws-sdk");
const docClient = new AWS.DynamoDB.DocumentClient();

/* A helper wrapping the SDK, as real projects write one. */
function queryByOwner(owner) {
  const params = {
    TableName: "Tickets",
    KeyConditionExpression: "#o = :o",
    ExpressionAttributeNames: { "#o": "owner" },
    ExpressionAttributeValues: { ":o": owner },
  };
  return docClient.query(params).promise();
}

module.exports = { queryByOwner };
