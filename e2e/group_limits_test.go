//go:build e2e

package e2e

// TestGroupLimits sends hand-made requests of the four multi-item commands,
// one for each limit the group rules are about and a near miss beside it,
// and holds each server's answer against DynamoDB's (testdata/
// group-messages.md records what they answered and how we know DynamoDB's
// answer). It does not depend on dynexpr: it proves the harness and the
// servers before the rule archives are sent.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// groupTablesDocs are the create-table inputs of the two tables the limit
// cases use.
var groupTablesDocs = []json.RawMessage{
	json.RawMessage(`{"TableName":"Users","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`),
	json.RawMessage(`{"TableName":"Accounts","AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],"KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`),
}

// limitCase is one hand-made request and what DynamoDB does with it.
type limitCase struct {
	name, rule, command string
	input               map[string]any // tables named Users and Accounts, renamed when sent
	want                Expect
	// cliRefuses: the AWS CLI's model lacks the member or requires it, so
	// both CLIs refuse the request before sending it, with this text. The
	// case then goes through every CLI, to dynoxide only: no server sees it.
	cliRefuses string
}

type av = map[string]any

func userKey(pk string) av    { return av{"pk": av{"S": pk}} }
func accountKey(id string) av { return av{"id": av{"S": id}} }
func put(table string, item av) av {
	return av{"Put": av{"TableName": table, "Item": item}}
}
func get(table string, key av) av { return av{"Get": av{"TableName": table, "Key": key}} }

func puts(prefix string, n int) []any {
	var l []any
	for i := 0; i < n; i++ {
		l = append(l, put("Users", userKey(fmt.Sprintf("%s%d", prefix, i))))
	}
	return l
}

func putRequests(prefix string, n int, key func(string) av) []any {
	var l []any
	for i := 0; i < n; i++ {
		l = append(l, av{"PutRequest": av{"Item": key(fmt.Sprintf("%s%d", prefix, i))}})
	}
	return l
}

func keyList(prefix string, n int, key func(string) av) []any {
	var l []any
	for i := 0; i < n; i++ {
		l = append(l, key(fmt.Sprintf("%s%d", prefix, i)))
	}
	return l
}

// bigPuts are n puts of items of about 390 KB each (under the 400 KB item
// limit): eleven pass the 4 MB a transaction may write, ten do not.
func bigPuts(prefix string, n int) []any {
	big := strings.Repeat("z", 390<<10)
	var l []any
	for i := 0; i < n; i++ {
		l = append(l, put("Users", av{"pk": av{"S": fmt.Sprintf("%s%d", prefix, i)}, "d": av{"S": big}}))
	}
	return l
}

// DynamoDB's messages for the limits (group-messages.md says where each is
// from).
const (
	msgOver100Members  = "at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100"
	msgOver25InTable   = "at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]"
	msgOver25Writes    = "Too many items requested for the BatchWriteItem call"
	msgOver100InTable  = "failed to satisfy constraint: Member must have length less than or equal to 100"
	msgOver100Keys     = "Too many items requested for the BatchGetItem call"
	msgSameItem        = "Transaction request cannot include multiple operations on one item"
	msgDuplicateKeys   = "Provided list of item keys contains duplicates"
	msgTokenTooLong    = "at 'clientRequestToken' failed to satisfy constraint: Member must have length less than or equal to 36"
	cliMissingCondExpr = `Missing required parameter in TransactItems[0].ConditionCheck: "ConditionExpression"`
)

func limitCases() []limitCase {
	tw := "transact-write-items"
	tg := "transact-get-items"
	bw := "batch-write-item"
	bg := "batch-get-item"
	var gets101, gets100 []any
	for i := 0; i < 101; i++ {
		g := get("Users", userKey(fmt.Sprintf("g%d", i)))
		gets101 = append(gets101, g)
		if i < 100 {
			gets100 = append(gets100, g)
		}
	}
	update := av{"Update": av{"TableName": "Users", "Key": userKey("same"), "UpdateExpression": "SET #x = :v",
		"ExpressionAttributeNames": av{"#x": "x"}, "ExpressionAttributeValues": av{":v": av{"S": "1"}}}}
	return []limitCase{
		{name: "101-puts", rule: "transaction-too-many-items", command: tw, input: av{"TransactItems": puts("tw", 101)}, want: Refused(msgOver100Members)},
		{name: "100-puts", rule: "transaction-too-many-items", command: tw, input: av{"TransactItems": puts("tw", 100)}, want: Accepted()},
		{name: "101-gets", rule: "transaction-too-many-items", command: tg, input: av{"TransactItems": gets101}, want: Refused(msgOver100Members)},
		{name: "100-gets", rule: "transaction-too-many-items", command: tg, input: av{"TransactItems": gets100}, want: Accepted()},

		{name: "26-writes", rule: "batch-too-many-items", command: bw, input: av{"RequestItems": av{"Users": putRequests("bw", 26, userKey)}}, want: Refused(msgOver25InTable)},
		{name: "25-writes", rule: "batch-too-many-items", command: bw, input: av{"RequestItems": av{"Users": putRequests("bw", 25, userKey)}}, want: Accepted()},
		{name: "13+13-writes", rule: "batch-too-many-items", command: bw, input: av{"RequestItems": av{"Users": putRequests("bx", 13, userKey), "Accounts": putRequests("bx", 13, accountKey)}}, want: Refused(msgOver25Writes)},
		{name: "101-keys", rule: "batch-too-many-items", command: bg, input: av{"RequestItems": av{"Users": av{"Keys": keyList("bg", 101, userKey)}}}, want: Refused(msgOver100InTable)},
		{name: "100-keys", rule: "batch-too-many-items", command: bg, input: av{"RequestItems": av{"Users": av{"Keys": keyList("bg", 100, userKey)}}}, want: Accepted()},
		{name: "60+41-keys", rule: "batch-too-many-items", command: bg, input: av{"RequestItems": av{"Users": av{"Keys": keyList("bg", 60, userKey)}, "Accounts": av{"Keys": keyList("bg", 41, accountKey)}}}, want: Refused(msgOver100Keys)},
		{name: "60+40-keys", rule: "batch-too-many-items", command: bg, input: av{"RequestItems": av{"Users": av{"Keys": keyList("bg", 60, userKey)}, "Accounts": av{"Keys": keyList("bg", 40, accountKey)}}}, want: Accepted()},

		{name: "put-and-update", rule: "transaction-item-repeated", command: tw, input: av{"TransactItems": []any{put("Users", userKey("same")), update}}, want: Refused(msgSameItem)},
		{name: "check-and-delete", rule: "transaction-item-repeated", command: tw, input: av{"TransactItems": []any{
			av{"ConditionCheck": av{"TableName": "Users", "Key": userKey("same"), "ConditionExpression": "attribute_not_exists(pk)"}},
			av{"Delete": av{"TableName": "Users", "Key": userKey("same")}}}}, want: Refused(msgSameItem)},
		{name: "same-key-two-tables", rule: "transaction-item-repeated", command: tw, input: av{"TransactItems": []any{put("Users", userKey("k")), put("Accounts", accountKey("k"))}}, want: Accepted()},
		{name: "get-twice", rule: "transaction-item-repeated", command: tg, input: av{"TransactItems": []any{get("Users", userKey("same")), get("Users", userKey("same"))}}, want: Refused(msgSameItem)},

		{name: "get-key-twice", rule: "batch-duplicate-keys", command: bg, input: av{"RequestItems": av{"Users": av{"Keys": []any{userKey("d"), userKey("d")}}}}, want: Refused(msgDuplicateKeys)},
		{name: "put-and-delete", rule: "batch-duplicate-keys", command: bw, input: av{"RequestItems": av{"Users": []any{
			av{"PutRequest": av{"Item": userKey("d")}}, av{"DeleteRequest": av{"Key": userKey("d")}}}}}, want: Refused(msgDuplicateKeys)},
		{name: "two-puts", rule: "batch-duplicate-keys", command: bw, input: av{"RequestItems": av{"Users": []any{
			av{"PutRequest": av{"Item": userKey("d")}}, av{"PutRequest": av{"Item": av{"pk": av{"S": "d"}, "n": av{"S": "2"}}}}}}}, want: Refused(msgDuplicateKeys)},
		{name: "same-value-two-tables", rule: "batch-duplicate-keys", command: bg, input: av{"RequestItems": av{"Users": av{"Keys": []any{userKey("d")}}, "Accounts": av{"Keys": []any{accountKey("d")}}}}, want: Accepted()},

		{name: "check-no-condition", rule: "check-without-condition", command: tw, input: av{"TransactItems": []any{av{"ConditionCheck": av{"TableName": "Users", "Key": userKey("c")}}}},
			want: Expect{Code: "ValidationException"}, cliRefuses: cliMissingCondExpr},
		{name: "put-condition", rule: "batch-write-not-plain", command: bw, input: av{"RequestItems": av{"Users": []any{av{"PutRequest": av{"Item": userKey("c"), "ConditionExpression": "attribute_not_exists(pk)"}}}}},
			want: Expect{Code: "ValidationException"}, cliRefuses: `[0].PutRequest: "ConditionExpression", must be one of: Item`},
		{name: "return-values", rule: "member-clause-not-allowed", command: tw, input: av{"TransactItems": []any{av{"Put": av{"TableName": "Users", "Item": userKey("r"), "ReturnValues": "ALL_OLD"}}}},
			want: Expect{Code: "ValidationException"}, cliRefuses: `Unknown parameter in TransactItems[0].Put: "ReturnValues"`},
		{name: "member-capacity", rule: "member-clause-not-allowed", command: tw, input: av{"TransactItems": []any{av{"Put": av{"TableName": "Users", "Item": userKey("r"), "ReturnConsumedCapacity": "TOTAL"}}}},
			want: Expect{Code: "ValidationException"}, cliRefuses: `Unknown parameter in TransactItems[0].Put: "ReturnConsumedCapacity"`},
		{name: "consistent-get", rule: "member-clause-not-allowed", command: tg, input: av{"TransactItems": []any{av{"Get": av{"TableName": "Users", "Key": userKey("r"), "ConsistentRead": true}}}},
			want: Expect{Code: "ValidationException"}, cliRefuses: `Unknown parameter in TransactItems[0].Get: "ConsistentRead"`},
		{name: "return-on-failure", rule: "member-clause-not-allowed", command: tw, input: av{"TransactItems": []any{av{"Put": av{"TableName": "Users", "Item": userKey("rof"),
			"ConditionExpression": "attribute_not_exists(pk)", "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}}}, want: Accepted()},
		{name: "options", rule: "member-clause-not-allowed", command: tw, input: av{"ReturnConsumedCapacity": "INDEXES", "ReturnItemCollectionMetrics": "SIZE",
			"TransactItems": []any{put("Users", userKey("o"))}}, want: Accepted()},
		{name: "batch-options", rule: "member-clause-not-allowed", command: bw, input: av{"ReturnConsumedCapacity": "TOTAL", "ReturnItemCollectionMetrics": "SIZE",
			"RequestItems": av{"Users": putRequests("o", 1, userKey)}}, want: Accepted()},
		{name: "batch-get-options", rule: "batch-get-tables-disagree", command: bg, input: av{"ReturnConsumedCapacity": "TOTAL",
			"RequestItems": av{"Users": av{"Keys": []any{userKey("o")}, "ConsistentRead": true, "ProjectionExpression": "#p", "ExpressionAttributeNames": av{"#p": "pk"}}}}, want: Accepted()},

		{name: "token-37", rule: "token-too-long", command: tw, input: av{"ClientRequestToken": strings.Repeat("x", 37), "TransactItems": []any{put("Users", userKey("t"))}}, want: Refused(msgTokenTooLong)},
		{name: "token-36", rule: "token-too-long", command: tw, input: av{"ClientRequestToken": strings.Repeat("y", 36), "TransactItems": []any{put("Users", userKey("t"))}}, want: Accepted()},

		// AWS's exact text for a transaction over 4 MB is not on record:
		// any ValidationException.
		{name: "4.3MB", rule: "request-too-large", command: tw, input: av{"TransactItems": bigPuts("big", 11)}, want: Expect{Code: "ValidationException"}},
		{name: "3.9MB", rule: "request-too-large", command: tw, input: av{"TransactItems": bigPuts("big", 10)}, want: Accepted()},
	}
}

func TestGroupLimits(t *testing.T) {
	cli := AWSv2(t)
	clis := CLIs(t)
	for _, srv := range AllServers(t) {
		t.Run(srv.Kind, func(t *testing.T) {
			t.Parallel()
			names := CreateTables(t, cli, srv, groupTablesDocs, uniqueSuffix())
			for _, c := range limitCases() {
				t.Run(c.name, func(t *testing.T) {
					t.Parallel()
					caseName := "limits/" + c.name
					if c.cliRefuses != "" && srv.Kind != KindDynoxide {
						return
					}
					if why := noTransactions(srv, c.command); why != "" {
						Agreement.NotSendable(t, c.rule, caseName, srv.Kind, c.want, why)
						return
					}
					in, err := json.Marshal(c.input)
					if err != nil {
						t.Fatal(err)
					}
					if in, _, err = RenameTable(in, names); err != nil {
						t.Fatal(err)
					}
					use := []*CLI{cli}
					if c.cliRefuses != "" {
						use = clis
					}
					for _, cl := range use {
						r := cl.Run(t, srv, c.command, in)
						readReasons(srv, &r)
						if c.cliRefuses != "" {
							if !r.ClientSide() || !strings.Contains(r.Message, c.cliRefuses) {
								t.Errorf("%s: aws %s: want the CLI to refuse it before sending (%q), got %s", caseName, cl.Name, c.cliRefuses, r.Outcome())
								continue
							}
							Agreement.NotSendable(t, c.rule, caseName+" (aws "+cl.Name+")", srv.Kind, c.want, "the AWS CLI refuses it before sending: "+firstLine(r.Message))
							continue
						}
						v := Agreement.Check(t, c.rule, caseName, r, c.want)
						t.Logf("%s %s: %s: %s", caseName, srv.Kind, v, r.Outcome())
						if v == Disagreement {
							t.Errorf("%s: aws dynamodb %s to %s answered %s; DynamoDB %s", caseName, c.command, srv.Kind, r.Outcome(), c.want)
						}
					}
				})
			}
		})
	}
}

// TestDynaliteHasNoTransactions proves what the suite assumes when it does
// not send a transaction to dynalite (noTransactions): dynalite answers
// UnknownOperationException to both transaction commands.
func TestDynaliteHasNoTransactions(t *testing.T) {
	cli := AWSv2(t)
	srv := Dynalite(t)
	for command, in := range map[string]string{
		"transact-write-items": `{"TransactItems":[{"Put":{"TableName":"Nowhere","Item":{"pk":{"S":"a"}}}}]}`,
		"transact-get-items":   `{"TransactItems":[{"Get":{"TableName":"Nowhere","Key":{"pk":{"S":"a"}}}}]}`,
	} {
		t.Run(command, func(t *testing.T) {
			t.Parallel()
			r := cli.Run(t, srv, command, in)
			if r.Code != "UnknownOperationException" {
				t.Errorf("dynalite answered %s to %s: it may implement transactions now; send them (noTransactions)", r.Outcome(), command)
			}
		})
	}
}
