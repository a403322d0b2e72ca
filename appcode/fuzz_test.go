package appcode

import (
	"testing"

	"github.com/dynexpr/dynexpr/validate"
)

// FuzzGo reads mutated Go sources and converts and checks every site: no
// input may panic, every site must read back as request JSON, and every
// finding must point inside the file.
func FuzzGo(f *testing.F) {
	f.Add(`package p
import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)
const k = "#p = :v"
func f(c *dynamodb.Client) {
	c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("T"), KeyConditionExpression: aws.String(k),
		ExpressionAttributeNames: map[string]string{"#p": "pk"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":v": &types.AttributeValueMemberS{Value: "a\"\u00e9"},
		":l": &types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberNULL{Value: true}}}}})
	c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{{Put: &types.Put{
		TableName: aws.String("T"), Item: map[string]types.AttributeValue{"pk": &types.AttributeValueMemberB{Value: []byte("x")}},
		ConditionExpression: aws.String(` + "`attribute_not_exists(pk)\n`" + `)}}}})
}`)
	f.Add(`package p
import ("github.com/aws/aws-sdk-go/aws"; "github.com/aws/aws-sdk-go/service/dynamodb")
var x = []*dynamodb.ScanInput{{TableName: aws.String("T"), FilterExpression: aws.String("a > :b"),
	ExpressionAttributeValues: map[string]*dynamodb.AttributeValue{":b": {N: aws.String("1")}, k: {SS: nil}}}}`)
	f.Add(`package p
import ("github.com/aws/aws-sdk-go-v2/aws"; "github.com/aws/aws-sdk-go-v2/service/dynamodb"; "github.com/aws/aws-sdk-go-v2/service/dynamodb/types")
const byUser = "userId = :u"
func f(c *dynamodb.Client, k string) {
	filter := "pk = :pk AND " + byUser
	in := &dynamodb.QueryInput{TableName: aws.String("T"), KeyConditionExpression: aws.String(filter),
		ExclusiveStartKey: map[string]types.AttributeValue{k: &types.AttributeValueMemberS{Value: "x"}}}
	c.Query(ctx, in)
	c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{k: reqs}})
}`)
	f.Fuzz(func(t *testing.T, src string) {
		res := Read(Go, []byte(src))
		s := NewSource("f.go", []byte(src))
		for _, site := range res.Sites {
			req, err := Convert(s, site, res.Directives)
			if err != nil {
				t.Fatalf("a site does not read back: %v", err)
			}
			for _, fd := range validate.CheckRequest(req.Request, nil, &validate.Config{}) {
				p := req.Pos(fd.Pos)
				if p.Offset < 0 || p.Offset > len(src) || p.Line < 1 {
					t.Fatalf("finding outside the file: %v", p)
				}
			}
		}
	})
}
