package validate

// DynamoDB's answers that the rules quote, all in this one file so that a
// reviewer compares them with what DynamoDB answers in one place; grouped by
// the part of the request they are about. A %s or %d is what DynamoDB puts
// there (a name, a number, a path); a rule's DynamoMessages, in its docs, are
// examples with them filled in. Where the AWS CLI refuses a request
// before sending it, its message is here too, and the comment says so.

// invalidPrefix opens most of DynamoDB's messages about parameter values;
// the legacy rules put what DynamoDB says of the parameter after it.
const invalidPrefix = "One or more parameter values were invalid: "

// Empty values written to a key attribute (empty-key-value,
// sparse-key-blanked).
const (
	msgTableEmpty       = "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: %s"
	msgIndexEmptyPut    = "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: %s, IndexKey: %s"
	msgIndexEmptyPutB   = "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty binary value. IndexName: %s, IndexKey: %s"
	msgIndexEmptyUpdate = "One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty string value."
)

// ConditionalOperator with fewer than two conditions to join
// (legacy-condition-invalid).
const msgConditionalOperatorOne = "ConditionalOperator can only be used when Filter or Expected has two or more elements"

// An empty attribute name given to a #placeholder (invalid-name).
const msgEmptyNameValue = "ExpressionAttributeNames contains invalid value: Empty attribute name for key %s"

// Tables, indexes, and keys of the wrong type, shape or place (the key
// rules, unknown-table, unknown-index).
const (
	msgResourceNotFound = "Requested resource not found"
	msgNoSuchIndex      = "The table does not have the specified index: %s"

	msgTypeMismatchKey      = "One or more parameter values were invalid: Type mismatch for key %s expected: %s actual: %s"
	msgTypeMismatchIndexKey = "One or more parameter values were invalid: Type mismatch for Index Key %s Expected: %s Actual: %s IndexName: %s"
	msgConditionType        = "One or more parameter values were invalid: Condition parameter type does not match schema type"
	msgIndexKeyUnsupported  = "The update expression attempted to update the secondary index key to unsupported type"
	msgKeyElement           = "The provided key element does not match the schema"
	msgMissingKey           = "One or more parameter values were invalid: Missing the key %s in the item"
	msgStartKey             = "The provided starting key is invalid"
	msgOperandDataType      = "An operand in the update expression has an incorrect data type"
	msgNoSuchAttribute      = "The provided expression refers to an attribute that does not exist in the item"
	msgStartKeyScan         = "The provided starting key is invalid: The provided key element does not match the schema"

	msgKCInvalidOp      = "Invalid operator used in KeyConditionExpression: %s"
	msgKCNestedOp       = "KeyConditionExpressions cannot contain nested operations"
	msgKCNestedAttr     = "KeyConditionExpressions cannot have conditions on nested attributes"
	msgKCMultiAttr      = "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"
	msgKCNoAttr         = "Invalid condition in KeyConditionExpression: No key attribute specified"
	msgKCFirstOperand   = "Invalid condition in KeyConditionExpression: %s operator must have the key attribute as its first operand"
	msgKCOnePerKey      = "KeyConditionExpressions must only contain one condition per key"
	msgKCNotSupported   = "Query key condition not supported"
	msgKCConditionCount = "Conditions can be of length 1 or 2 only"
	msgKCMissed         = "Query condition missed key schema element: %s"
	msgKCBeginsWithN    = "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N"

	msgFilterOnKey    = "Filter Expression can only contain non-primary key attributes: Primary key attribute: %s"
	msgUpdateKey      = "One or more parameter values were invalid: Cannot update attribute %s. This attribute is part of the key"
	msgNestedKey      = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: %s"
	msgNestedIndexKey = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: %s"
)

// A query's start key (after) outside its key condition
// (start-key-outside-condition): another partition when the sort key is
// not tested, a sort key the test does not take, and another partition
// with a sort key the test takes.
const (
	msgStartKeyOutside = "The provided starting key is outside query boundaries based on provided conditions"
	msgStartKeyRange   = "The provided starting key does not match the range key predicate"
	msgStartKeyOneRow  = "The query can return at most one row and cannot be restarted"
)

// Document paths that meet in one expression (update-path-overlap,
// projection-path-overlap); DynamoDB prints a path as [a, b, [1], c]
// (ddbPath). msgDuplicateAttributeName, its answer to AttributesToGet
// naming an attribute twice, is followed by the name
// (projection-path-overlap, legacy-attributes-duplicate).
const (
	msgPathOverlap            = "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: %s, path two: %s"
	msgPathConflict           = "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: %s, path two: %s"
	msgDuplicateAttributeName = "One or more parameter values were invalid: Duplicate value in attribute name: "
)

// Functions, comparisons and between in expressions (function-misuse).
const (
	msgInvalidFunction = "Invalid function name; function: %s"
	msgFunctionContext = "The function is not allowed to be used this way in an expression; function: %s"
	msgUpdateFunction  = "The function is not allowed in an update expression; function: %s"
	msgCondFunction    = "The function is not allowed in a condition expression; function: %s"
	msgArity           = "Incorrect number of operands for operator or function; operator or function: %s, number of operands: %d"
	msgOperandType     = "Incorrect operand type for operator or function; operator or function: %s, operand type: %s"
	msgNeedsPath       = "Operator or function requires a document path; operator or function: %s"
	msgRepeatedPath    = "The first operand must be distinct from the remaining operands for this operator or function; operator: %s, first operand: %s"
	msgBetweenOrder    = "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: %s, upper bound operand: %s"
	msgBetweenTypes    = "The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: %s, upper bound operand: %s"
)

// Sets, empty or with an element twice (invalid-set); DynamoDB's own
// spelling, double spaces and all.
const (
	msgEmptySS = "One or more parameter values were invalid: An string set  may not be empty"
	msgEmptyNS = "One or more parameter values were invalid: An number set  may not be empty"
	msgEmptyBS = "One or more parameter values were invalid: Binary sets should not be empty"
	msgDupSS   = "One or more parameter values were invalid: Input collection %s contains duplicates."
	msgDupNS   = "Input collection contains duplicates"
	msgDupBS   = "One or more parameter values were invalid: Input collection %sof type BS contains duplicates."
)

// Key values and items over DynamoDB's size limits (expression-limit; the
// limits are beside the rule).
const (
	msgHashKeySize  = "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes"
	msgRangeKeySize = "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes"
	msgItemSize     = "Item size has exceeded the maximum allowed size"
	msgUpdateSize   = "Item size to update has exceeded the maximum allowed size"
	msgItemNesting  = "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit"
)

// Transactions: too many members, two on one item, too many bytes
// (transaction-too-many-items, transaction-item-repeated,
// request-too-large).
const (
	msgTransactTooMany     = "1 validation error detected: Value '[...]' at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100"
	msgTransactRepeated    = "Transaction request cannot include multiple operations on one item"
	msgTransactionTooLarge = "Transaction payload size cannot exceed 4MB"
)

// A transact write's token too long or empty (token-too-long); DynamoDB
// puts "Value '<token>' at 'clientRequestToken' " before them.
const (
	msgTokenTooLong  = "failed to satisfy constraint: Member must have length less than or equal to 36"
	msgTokenTooShort = "failed to satisfy constraint: Member must have length greater than or equal to 1"
)

// A ConditionCheck without a condition (check-without-condition): what the
// AWS CLI answers before sending it, and what DynamoDB answers, for member
// %d (TransactItems[%d]: the CLI counts from 0, the service from 1).
const (
	msgCheckNoConditionCLI     = `Missing required parameter in TransactItems[%d].ConditionCheck: "ConditionExpression"`
	msgCheckNoConditionService = "1 validation error detected: Value null at 'transactItems.%d.member.conditionCheck.conditionExpression' failed to satisfy constraint: Member must not be null"
)

// Batches: one table's list too long, or all of them together, and the
// same key twice (batch-too-many-items, batch-duplicate-keys).
const (
	msgBatchWriteTableTooMany = "Member must have length less than or equal to 25"
	msgBatchWriteTooMany      = "Too many items requested for the BatchWriteItem call"
	msgBatchGetTableTooMany   = "Member must have length less than or equal to 100"
	msgBatchGetTooMany        = "Too many items requested for the BatchGetItem call"
	msgBatchDuplicates        = "Provided list of item keys contains duplicates"
)

// What the AWS CLI answers, before sending it, a batch write member with a
// condition or an update (batch-write-not-plain; the builder refuses both).
const (
	msgBatchWriteCondition = `Unknown parameter in RequestItems.Tickets[0].PutRequest: "ConditionExpression", must be one of: Item`
	msgBatchWriteUpdate    = `Unknown parameter in RequestItems.Tickets[0]: "UpdateRequest", must be one of: PutRequest, DeleteRequest`
)
