package request

import (
	"strings"
	"sync"
)

// This file is the one table of the members DynamoDB requests take: which
// command takes which, each member's JSON type and values, and which are
// the legacy parameters from before expressions. The converter (what the
// DSL can say) and validate's request rules (what the AWS CLI and DynamoDB
// accept) both read it.

// CommandMember is dynexpr's own member naming the operation
// ("command": "query"); no aws dynamodb command takes it.
const CommandMember = "command"

// MemberType is the JSON a member's value must be.
type MemberType uint8

// The member types.
const (
	StringMember MemberType = iota + 1
	IntMember
	BoolMember
	StringListMember
	ValueMapMember      // Key, Item, ExclusiveStartKey, ExpressionAttributeValues
	NameMapMember       // ExpressionAttributeNames
	ConditionMapMember  // KeyConditions, QueryFilter, ScanFilter
	ExpectedMapMember   // Expected
	UpdatesMapMember    // AttributeUpdates
	ItemListMember      // TransactItems: an array of objects, each with one member request
	TableMapMember      // RequestItems: an object of table names
	KeyListMember       // Keys: an array of keys
	PartMember          // Put, Update, ..., PutRequest, DeleteRequest: one member request's object
	ParamListMember     // Parameters: an array of AttributeValues, one a ?
	StatementListMember // Statements, TransactStatements: an array of objects, each with a Statement
)

// MaxInt is the largest value of an IntMember: DynamoDB reads them (Limit,
// Segment, TotalSegments) as 32-bit integers and refuses a larger one, which
// the AWS CLI sends where its model sets no Max.
const MaxInt = 1<<31 - 1

// MemberSpec is one member of DynamoDB's requests.
type MemberSpec struct {
	Name     string
	Type     MemberType
	Min, Max int      // IntMember; Max 0 for none
	Enum     []string // StringMember: the values DynamoDB takes, in its order
	// Coral is the member's name in DynamoDB's constraint messages.
	Coral string
	// Instead is set on a legacy parameter: the expression parameter that
	// does its work.
	Instead string
}

// Legacy reports whether the member is one of the parameters from before
// expressions (KeyConditions, AttributeUpdates, Expected, ...).
func (s MemberSpec) Legacy() bool { return s.Instead != "" }

// memberSpecs are every member, in the order the DSL writes what they say
// (which is the order the converter lists a command's members in), then
// the legacy parameters in the order DynamoDB's messages list them
// ("Non-expression parameters: {...}").
var memberSpecs = []MemberSpec{
	{Name: "TableName", Type: StringMember},
	{Name: "IndexName", Type: StringMember},
	{Name: "Key", Type: ValueMapMember},
	{Name: "Item", Type: ValueMapMember},
	{Name: "KeyConditionExpression", Type: StringMember},
	{Name: "UpdateExpression", Type: StringMember},
	{Name: "ConditionExpression", Type: StringMember},
	{Name: "FilterExpression", Type: StringMember},
	{Name: "ProjectionExpression", Type: StringMember},
	{Name: "Select", Type: StringMember},
	{Name: "ScanIndexForward", Type: BoolMember},
	{Name: "Limit", Type: IntMember, Min: 1},
	{Name: "ConsistentRead", Type: BoolMember},
	{Name: "Segment", Type: IntMember, Min: 0, Max: 999999},
	{Name: "TotalSegments", Type: IntMember, Min: 1, Max: 1000000},
	{Name: "ExclusiveStartKey", Type: ValueMapMember},
	{Name: "ReturnValues", Type: StringMember, Enum: []string{"NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"}, Coral: "returnValues"},
	{Name: "ExpressionAttributeNames", Type: NameMapMember},
	{Name: "ExpressionAttributeValues", Type: ValueMapMember},
	{Name: "ReturnConsumedCapacity", Type: StringMember, Enum: []string{"INDEXES", "TOTAL", "NONE"}, Coral: "returnConsumedCapacity"},
	{Name: "ReturnItemCollectionMetrics", Type: StringMember, Enum: []string{"SIZE", "NONE"}, Coral: "returnItemCollectionMetrics"},
	{Name: "ReturnValuesOnConditionCheckFailure", Type: StringMember, Enum: []string{"ALL_OLD", "NONE"}, Coral: "returnValuesOnConditionCheckFailure"},
	{Name: "ClientRequestToken", Type: StringMember},
	{Name: "TransactItems", Type: ItemListMember},
	{Name: "RequestItems", Type: TableMapMember},
	{Name: "Keys", Type: KeyListMember},
	{Name: "ConditionCheck", Type: PartMember},
	{Name: "Put", Type: PartMember},
	{Name: "Delete", Type: PartMember},
	{Name: "Update", Type: PartMember},
	{Name: "Get", Type: PartMember},
	{Name: "PutRequest", Type: PartMember},
	{Name: "DeleteRequest", Type: PartMember},
	{Name: "Statement", Type: StringMember},
	{Name: "Parameters", Type: ParamListMember},
	{Name: "Statements", Type: StatementListMember},
	{Name: "TransactStatements", Type: StatementListMember},
	{Name: "NextToken", Type: StringMember},

	{Name: "AttributesToGet", Type: StringListMember, Instead: "ProjectionExpression"},
	{Name: "QueryFilter", Type: ConditionMapMember, Instead: "FilterExpression"},
	{Name: "ScanFilter", Type: ConditionMapMember, Instead: "FilterExpression"},
	{Name: "AttributeUpdates", Type: UpdatesMapMember, Instead: "UpdateExpression"},
	{Name: "Expected", Type: ExpectedMapMember, Instead: "ConditionExpression"},
	{Name: "ConditionalOperator", Type: StringMember, Enum: []string{"AND", "OR"}, Coral: "conditionalOperator", Instead: "AND or OR inside the expression"},
	{Name: "KeyConditions", Type: ConditionMapMember, Instead: "KeyConditionExpression"},
}

// cliMembers are each command's members in the order the AWS CLI lists
// them ("must be one of: ...").
var cliMembers = map[string][]string{
	"query": {"TableName", "IndexName", "Select", "AttributesToGet", "Limit", "ConsistentRead", "KeyConditions", "QueryFilter",
		"ConditionalOperator", "ScanIndexForward", "ExclusiveStartKey", "ReturnConsumedCapacity", "ProjectionExpression",
		"FilterExpression", "KeyConditionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues"},
	"scan": {"TableName", "IndexName", "AttributesToGet", "Limit", "Select", "ScanFilter", "ConditionalOperator", "ExclusiveStartKey",
		"ReturnConsumedCapacity", "TotalSegments", "Segment", "ProjectionExpression", "FilterExpression",
		"ExpressionAttributeNames", "ExpressionAttributeValues", "ConsistentRead"},
	"get-item": {"TableName", "Key", "AttributesToGet", "ConsistentRead", "ReturnConsumedCapacity", "ProjectionExpression",
		"ExpressionAttributeNames"},
	"put-item": {"TableName", "Item", "Expected", "ReturnValues", "ReturnConsumedCapacity", "ReturnItemCollectionMetrics",
		"ConditionalOperator", "ConditionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues",
		"ReturnValuesOnConditionCheckFailure"},
	"update-item": {"TableName", "Key", "AttributeUpdates", "Expected", "ConditionalOperator", "ReturnValues",
		"ReturnConsumedCapacity", "ReturnItemCollectionMetrics", "UpdateExpression", "ConditionExpression",
		"ExpressionAttributeNames", "ExpressionAttributeValues", "ReturnValuesOnConditionCheckFailure"},
	"delete-item": {"TableName", "Key", "Expected", "ConditionalOperator", "ReturnValues", "ReturnConsumedCapacity",
		"ReturnItemCollectionMetrics", "ConditionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues",
		"ReturnValuesOnConditionCheckFailure"},

	// The four groups of requests, and the objects inside them (request
	// Part): the members of one entry of TransactItems (TransactWriteItem,
	// TransactGetItem) and of RequestItems (KeysAndAttributes, WriteRequest),
	// then each member request's own.
	"transact-write-items": {"TransactItems", "ReturnConsumedCapacity", "ReturnItemCollectionMetrics", "ClientRequestToken"},
	"transact-get-items":   {"TransactItems", "ReturnConsumedCapacity"},
	"batch-get-item":       {"RequestItems", "ReturnConsumedCapacity"},
	"batch-write-item":     {"RequestItems", "ReturnConsumedCapacity", "ReturnItemCollectionMetrics"},
	"TransactWriteItem":    {"ConditionCheck", "Put", "Delete", "Update"},
	"TransactGetItem":      {"Get"},
	"WriteRequest":         {"PutRequest", "DeleteRequest"},
	"ConditionCheck": {"Key", "TableName", "ConditionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues",
		"ReturnValuesOnConditionCheckFailure"},
	"Put": {"Item", "TableName", "ConditionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues",
		"ReturnValuesOnConditionCheckFailure"},
	"Delete": {"Key", "TableName", "ConditionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues",
		"ReturnValuesOnConditionCheckFailure"},
	"Update": {"Key", "UpdateExpression", "TableName", "ConditionExpression", "ExpressionAttributeNames",
		"ExpressionAttributeValues", "ReturnValuesOnConditionCheckFailure"},
	"Get":               {"Key", "TableName", "ProjectionExpression", "ExpressionAttributeNames"},
	"KeysAndAttributes": {"Keys", "AttributesToGet", "ConsistentRead", "ProjectionExpression", "ExpressionAttributeNames"},
	"PutRequest":        {"Item"},
	"DeleteRequest":     {"Key"},

	// The PartiQL commands, and the objects of their lists
	// (BatchStatementRequest, ParameterizedStatement).
	"execute-statement": {"Statement", "Parameters", "ConsistentRead", "NextToken", "ReturnConsumedCapacity", "Limit",
		"ReturnValuesOnConditionCheckFailure"},
	"batch-execute-statement": {"Statements", "ReturnConsumedCapacity"},
	"execute-transaction":     {"TransactStatements", "ClientRequestToken", "ReturnConsumedCapacity"},
	"BatchStatementRequest":   {"Statement", "Parameters", "ConsistentRead", "ReturnValuesOnConditionCheckFailure"},
	"ParameterizedStatement":  {"Statement", "Parameters", "ReturnValuesOnConditionCheckFailure"},
}

// PartiQLCommands are the commands that send PartiQL statements.
var PartiQLCommands = []string{"execute-statement", "batch-execute-statement", "execute-transaction"}

// IsPartiQL reports whether command is one of PartiQLCommands.
func IsPartiQL(command string) bool { return contains(PartiQLCommands, command) }

// required are the members the AWS CLI requires of each group and part
// ("Missing required parameter in ..."); a request alone's are
// missing-request-member's, with what DynamoDB requires beyond them.
var required = map[string][]string{
	"transact-write-items": {"TransactItems"}, "transact-get-items": {"TransactItems"},
	"batch-get-item": {"RequestItems"}, "batch-write-item": {"RequestItems"},
	"ConditionCheck": {"Key", "TableName", "ConditionExpression"}, "Put": {"Item", "TableName"},
	"Delete": {"Key", "TableName"}, "Update": {"Key", "UpdateExpression", "TableName"},
	"Get": {"Key", "TableName"}, "KeysAndAttributes": {"Keys"},
	"PutRequest": {"Item"}, "DeleteRequest": {"Key"},
	"execute-statement": {"Statement"}, "batch-execute-statement": {"Statements"},
	"execute-transaction":   {"TransactStatements"},
	"BatchStatementRequest": {"Statement"}, "ParameterizedStatement": {"Statement"},
}

// Required returns the members the AWS CLI requires of shape (a group's
// command, or a Part), in its order.
func Required(shape string) []string { return required[shape] }

// commandTable is what the accessors below return for one command, worked
// out from the two tables above the first time one is asked for: a build
// never reads request JSON, and a process pays only for what it uses.
type commandTable struct {
	statement, expressions, legacy []string
}

var (
	specByName = sync.OnceValue(func() map[string]MemberSpec {
		m := make(map[string]MemberSpec, len(memberSpecs))
		for _, s := range memberSpecs {
			m[s.Name] = s
		}
		return m
	})
	commandTables = sync.OnceValue(func() map[string]commandTable {
		out := make(map[string]commandTable, len(cliMembers))
		for cmd, names := range cliMembers {
			var t commandTable
			for _, s := range memberSpecs {
				switch {
				case !contains(names, s.Name):
				case s.Legacy():
					t.legacy = append(t.legacy, s.Name)
				default:
					t.statement = append(t.statement, s.Name)
				}
			}
			for _, n := range names {
				if strings.HasSuffix(n, "Expression") {
					t.expressions = append(t.expressions, n)
				}
			}
			out[cmd] = t
		}
		return out
	})
	allMembers = sync.OnceValue(func() []string {
		seen := map[string]bool{}
		var out []string
		for _, c := range append(append(Commands[:len(Commands):len(Commands)], GroupCommands...), PartiQLCommands...) {
			for _, m := range cliMembers[c] {
				if !seen[m] {
					seen[m] = true
					out = append(out, m)
				}
			}
		}
		return out
	})
)

// Spec returns the member called name.
func Spec(name string) (MemberSpec, bool) {
	s, ok := specByName()[name]
	return s, ok
}

// Members returns the members command (or a group's part: Put,
// KeysAndAttributes, ...) takes, in the AWS CLI's order; nil for one
// dynexpr does not know.
func Members(command string) []string { return cliMembers[command] }

// AllMembers returns every member of every command, each once (not those
// only inside a group's members: Keys, Put, ...).
func AllMembers() []string { return allMembers() }

// StatementMembers returns the members of command that are not legacy
// parameters, in the order the DSL writes what they say.
func StatementMembers(command string) []string { return commandTables()[command].statement }

// ExpressionMembers returns the expression parameters of command, in the
// order DynamoDB lists them ("Expression parameters: {...}").
func ExpressionMembers(command string) []string { return commandTables()[command].expressions }

// LegacyMembers returns the legacy parameters of command, in the order
// DynamoDB lists them ("Non-expression parameters: {...}").
func LegacyMembers(command string) []string { return commandTables()[command].legacy }
