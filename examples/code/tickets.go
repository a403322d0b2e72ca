//go:build ignore

// The support desk's ticket store, as application code writes its
// requests with the AWS SDK for Go v2: `dynexpr lint` checks the literals
// (docs/code.md). The build tag keeps this example out of the module's
// build.
package tickets

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// openSince is the dashboard's key condition: open tickets since a date.
const openSince = "openBucket = :open AND openedAt >= :since"

func Dashboard(ctx context.Context, db *dynamodb.Client, since string) (*dynamodb.QueryOutput, error) {
	return db.Query(ctx, &dynamodb.QueryInput{
		TableName:              aws.String("Tickets"),
		IndexName:              aws.String("open-tickets-index"),
		KeyConditionExpression: aws.String(openSince),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":open":  &types.AttributeValueMemberS{Value: "OPEN"},
			":since": &types.AttributeValueMemberS{Value: since},
		},
	})
}

func Resolve(ctx context.Context, db *dynamodb.Client, id string) error {
	_, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:        aws.String("Tickets"),
		Key:              map[string]types.AttributeValue{"id": &types.AttributeValueMemberS{Value: id}},
		UpdateExpression: aws.String("SET status = :resolved REMOVE openBucket"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":resolved": &types.AttributeValueMemberS{Value: "RESOLVED"},
		},
	})
	return err
}
