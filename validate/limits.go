package validate

const (
	maxExpressionBytes = 4096
	maxPathDepth       = 32
	maxOperators       = 300
	maxInOperands      = 100
	maxHashKeyBytes    = 2048
	maxRangeKeyBytes   = 1024
	maxItemBytes       = 409600
	// maxValueDepth is how deep a value may nest below a top-level
	// attribute (which is level 1; its elements level 2, ...): 31 levels
	// of lists and maps inside one another are accepted, 32 are not.
	maxValueDepth = 32

	msgHashKeySize  = "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes"
	msgRangeKeySize = "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes"
	msgItemSize     = "Item size has exceeded the maximum allowed size"
	msgUpdateSize   = "Item size to update has exceeded the maximum allowed size"
	msgItemNesting  = "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit"
)
