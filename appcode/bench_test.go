package appcode

// goSample is a file of the SDK for Go v2's inputs, for BenchmarkRead:
// testdata/read has no Go file, Go's cases being lint's.
const goSample = `package store

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func openTickets(owner string) *dynamodb.QueryInput {
	// A comment that says KeyConditionExpression, which is not a site.
	return &dynamodb.QueryInput{
		TableName:              aws.String("Tickets"),
		IndexName:              aws.String("owner-index"),
		KeyConditionExpression: aws.String("#o = :o AND begins_with(sk, :p)"),
		FilterExpression:       aws.String("#s <> :closed"),
		ExpressionAttributeNames: map[string]string{"#o": "owner", "#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":o":      &types.AttributeValueMemberS{Value: owner},
			":p":      &types.AttributeValueMemberS{Value: "TICKET#"},
			":closed": &types.AttributeValueMemberS{Value: "closed"},
		},
	}
}

func helper(items []string, limit int) map[string]int {
	out := make(map[string]int, len(items))
	for i, it := range items {
		if i >= limit {
			break
		}
		out[it] += len(it) * 3
	}
	return out
}
`
