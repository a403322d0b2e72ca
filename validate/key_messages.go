package validate

// DynamoDB's messages about keys, quoted by several rules (the sparse-key,
// empty-key, key-type, key-condition, key-incomplete and update-key rules).

// The messages for empty values written to a key attribute.
const (
	msgIndexEmptyPut    = "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: %s, IndexKey: %s"
	msgIndexEmptyPutB   = "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty binary value. IndexName: %s, IndexKey: %s"
	msgIndexEmptyUpdate = "One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty string value."
)

// The messages for keys of the wrong type, shape or place.
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
