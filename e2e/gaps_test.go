//go:build e2e

package e2e

import (
	"maps"
	"slices"
)

// knownGaps are the ways dynoxide 1.2.1 and dynalite 4.0.0 are known to depart
// from DynamoDB. What DynamoDB does is written down in the rule pages,
// docs/rules/<rule>.md, each quoting DynamoDB's message; Ref says how we know
// that DynamoDB, not the emulator, is right: DynamoDB's documented rule, AWS's
// answers quoted in public issue threads, or DynamoDB Local (Amazon's own
// emulator, whose expression engine gives DynamoDB's texts and limits).
// Where dynalite implements a check, its text is mostly DynamoDB's: its tests
// were once run against DynamoDB. Rule names are the lint rules of
// `dynexpr rules`. A case that one of these covers is counted as a known gap
// instead of failing; anything else that differs from DynamoDB fails the
// test. Each gap is narrowed as far as the evidence goes: the kind of
// mismatch (the server accepts / refuses / says something else), and
// regular expressions on the command, the request JSON and the server's
// answer. A gap that names no Server is both emulators', written once.
// Add more here or with Agreement.AddKnownGap, always with the evidence.
var knownGaps = []KnownGap{
	// --- secondary-index keys set to "" (docs/rules/sparse-key-blanked.md,
	// docs/rules/empty-key-value.md) ---
	{Server: KindDynalite, Rule: "sparse-key-blanked", Kind: GapAccepts, Input: `\{"[SB]":""\}`,
		Note: `stores "" in a secondary-index key (PutItem and UpdateItem) and even indexes the item under ""`,
		Ref:  "docs/rules/sparse-key-blanked.md: GSI hash and range keys and LSI range keys; AWS's answers quoted in architect/dynalite #184, danishi/dynamodb-csv #41 and aws-amplify/amplify-js #6759; DynamoDB Local has both messages"},
	{Server: KindDynalite, Rule: "empty-key-value", Kind: GapMessage, Command: `^(get|delete)-item$`,
		Answer: `were invalid: The AttributeValue for a key attribute cannot contain an empty string value`,
		Note:   `GetItem/DeleteItem with "" in the key: "were invalid:" where DynamoDB says "are not valid."`,
		Ref:    `docs/rules/empty-key-value.md; DynamoDB Local gives "are not valid." for GetItem and DeleteItem too; "were invalid:" is an older AWS wording`},
	{Rule: "empty-key-value", Kind: GapAccepts, Command: `^query$`, Input: `\{"[SB]":""\}`,
		Note: `a query with "" as a key value returns no items instead of being refused`,
		Ref:  "docs/rules/empty-key-value.md: a query's key value is refused like any key value (DynamoDB Local's messages for table and index keys; moto agrees)"},

	// --- index reads (docs/rules/unprojected-attribute.md,
	// consistent-read-on-gsi.md, select-all-on-index.md,
	// select-projection-mismatch.md) ---
	{Rule: "unprojected-attribute", Kind: GapAccepts,
		Note: "silently drops non-projected attributes from a GSI projection, and filters everything out for a filter on them",
		Ref:  "docs/rules/unprojected-attribute.md; AWS's answers quoted in localstack/localstack #478 (projection) and sensedeep/dynamodb-onetable #377 (filter); DynamoDB Local checks both; AWS's API documentation of Select: a GSI query cannot fetch attributes from the table"},
	{Server: KindDynalite, Rule: "consistent-read-on-gsi", Kind: GapAccepts, Command: `^scan$`,
		Note: "ignores ConsistentRead on Scan (a Scan of a GSI with ConsistentRead succeeds)",
		Ref:  "docs/rules/consistent-read-on-gsi.md: Query and Scan alike (AWS's answers in nubo-db/dynamodb-conformance; scylladb's alternator tests, run against AWS, for Scan); dynalite's Scan has no ConsistentRead member at all"},
	{Server: KindDynalite, Rule: "select-all-on-index", Kind: GapAccepts, Input: `"Select":"ALL_PROJECTED_ATTRIBUTES"`,
		Note: "accepts Select ALL_PROJECTED_ATTRIBUTES without an IndexName",
		Ref:  "docs/rules/select-all-on-index.md; DynamoDB Local's validateSelect; dynoxide's changelog, from real DynamoDB (nubo-db/dynoxide #96, #121)"},
	{Server: KindDynalite, Rule: "select-projection-mismatch", Kind: GapAccepts,
		Note: "accepts SPECIFIC_ATTRIBUTES without a projection, and a ProjectionExpression with COUNT or ALL_ATTRIBUTES",
		Ref:  "docs/rules/select-projection-mismatch.md; DynamoDB Local's validateSelect; dynoxide's changelog, from real DynamoDB (nubo-db/dynoxide #96, #121); nubo-db/dynamodb-conformance"},

	// --- limits (docs/rules/expression-limit.md,
	// invalid-placeholder-key.md, number-out-of-range.md) ---
	{Server: KindDynalite, Rule: "expression-limit", Kind: GapAccepts, Input: `Expression"`,
		Note: "implements no expression limits (size, path depth, operators, IN operands, placeholder length)",
		Ref:  "docs/rules/expression-limit.md: AWS documents the limits; AWS's texts in nubo-db/dynoxide #146 (size), aws/aws-sdk-js #3721 (operators), reapit/foundations #8255 (IN operands), scylladb's alternator tests (path depth); DynamoDB Local enforces each"},
	{Server: KindDynalite, Rule: "expression-limit", Kind: GapAccepts, Command: `^(put|update)-item$`, Input: `(\[\{"L":){20}|(\{"M":\{"\w+":){20}`,
		Note: "does not check the item nesting depth (32)",
		Ref:  "docs/rules/expression-limit.md: an item nested over 32 levels is refused (AWS's text in nubo-db/dynoxide #110 and nubo-db/dynamodb-conformance)"},
	{Rule: "expression-limit", Kind: GapMessage, Input: `"UpdateExpression"`,
		Answer: "The document path provided in the update expression is invalid for update",
		Note:   "does not check the path depth (32); the update then fails at run time on the path the item lacks",
		Ref:    "docs/rules/expression-limit.md: DynamoDB refuses a document path over 32 levels before it runs the update"},
	{Server: KindDynoxide, Rule: "expression-limit", Kind: GapAccepts, Input: `Expression"`,
		Note: "checks only the 4096-byte expression size (no path depth, operator count, IN operand count, placeholder length)",
		Ref:  "docs/rules/expression-limit.md: AWS documents the limits; AWS's texts in aws/aws-sdk-js #3721 (operators), reapit/foundations #8255 (IN operands), scylladb's alternator tests (path depth); DynamoDB Local enforces each"},
	{Rule: "invalid-placeholder-key", Kind: GapAccepts,
		Note: "does not check the length of placeholders (255 bytes)",
		Ref:  "docs/rules/invalid-placeholder-key.md: AWS documents at most 255 bytes per placeholder; DynamoDB Local refuses a longer key"},
	{Server: KindDynoxide, Rule: "number-out-of-range", Kind: GapMessage, Input: `ExpressionAttributeValues`,
		Note: `a 39-digit number in ExpressionAttributeValues: no "ExpressionAttributeValues contains invalid value: ... for key :n" wrapping`,
		Ref:  "docs/rules/number-out-of-range.md; DynamoDB wraps an invalid value of ExpressionAttributeValues with the map's name and the key, as dynalite does"},

	// --- expression parsing: the emulators' own parser texts, which are not
	// AWS's (dynoxide's parser, dynalite's PEG.js grammar) ---
	{Server: KindDynoxide, Rule: "syntax-error", Kind: GapMessage,
		Note: `its own parser's texts ("Expected operand, got end of expression", "Expected ), got -") instead of "Syntax error; token: ..."`,
		Ref:  `docs/rules/syntax-error.md: "Syntax error; token: ..., near: ..." (AWS's answers in nubo-db/dynamodb-conformance; DynamoDB Local's ExpressionErrorListener)`},
	{Server: KindDynalite, Rule: "syntax-error", Kind: GapMessage, Answer: `Syntax error; Expected `,
		Note: `PEG.js texts ("Syntax error; Expected ... but ... found.") instead of "Syntax error; token: ..., near: ..."`,
		Ref:  `docs/rules/syntax-error.md: "Syntax error; token: ..., near: ..." (AWS's answers in nubo-db/dynamodb-conformance; DynamoDB Local's ExpressionErrorListener); only the prefix "Invalid <Kind>Expression: Syntax error; " is shared`},
	{Server: KindDynoxide, Rule: "reserved-word", Kind: GapMessage,
		Note: `a function name used as an attribute (size = :v) gives "Expected (, got =" instead of the reserved-keyword message`,
		Ref:  "docs/rules/reserved-word.md: SIZE is a reserved word, and dynalite answers the reserved-keyword text; AWS's exact text for this case is not on record"},
	{Server: KindDynoxide, Rule: "undefined-placeholder", Kind: GapMessage, Input: `KeyConditionExpression`,
		Note: `undefined :value in a KeyConditionExpression: message lacks the "Invalid KeyConditionExpression: " prefix`,
		Ref:  `docs/rules/undefined-placeholder.md: DynamoDB prefixes expression errors with "Invalid <Kind>Expression: " (AWS's answers in nubo-db/dynamodb-conformance, for UpdateExpression), as dynalite does`},
	{Server: KindDynoxide, Rule: "invalid-attribute-value", Kind: GapMessage, Answer: `Supplied AttributeValue`,
		Note: `malformed values in ExpressionAttributeValues: message lacks "ExpressionAttributeValues contains invalid value: " and "for key :x"`,
		Ref:  `docs/rules/invalid-attribute-value.md; DynamoDB wraps an invalid value of ExpressionAttributeValues in "ExpressionAttributeValues contains invalid value: ... for key :x", as dynalite does`},
	{Server: KindDynoxide, Rule: "invalid-placeholder-key", Kind: GapMessage, Answer: `Expected \), got -`,
		Note: `#my-attr: its parser refuses the expression ("Expected ), got -") before it checks the ExpressionAttributeNames key`,
		Ref:  `docs/rules/invalid-placeholder-key.md: a key that is not # or : followed by letters, digits and _ is refused ("contains invalid key: Syntax error; key: ..."), as dynalite does`},

	// --- functions and comparisons ---
	{Server: KindDynoxide, Rule: "function-misuse", Case: "*/samePath*", Answer: `^OK$|does not exist in the item`,
		Note: "checks no distinct operands: accepts the same path on both sides (a = a, and so BETWEEN, IN, if_not_exists, which then fails at run time on the missing attribute)",
		Ref:  "docs/rules/function-misuse.md; dynalite (two operands) and DynamoDB Local refuse it"},
	{Server: KindDynoxide, Rule: "function-misuse", Kind: GapMessage, Answer: `Expected |Syntax error; token`,
		Note: "its own parser's texts for wrong arity, standalone size(), attribute_exists compared or on a value, size of a value",
		Ref:  "docs/rules/function-misuse.md: DynamoDB's texts, which dynalite gives"},
	{Server: KindDynoxide, Rule: "function-misuse", Kind: GapAccepts, Input: `attribute_type`,
		Note: "accepts attribute_type with an unknown type name, or with a type operand that is not a string",
		Ref:  "docs/rules/function-misuse.md: the type is a string naming one of S SS N NS B BS BOOL NULL L M (dynalite refuses both)"},
	{Server: KindDynoxide, Rule: "function-misuse", Kind: GapAccepts, Input: `BETWEEN`,
		Note: "accepts BETWEEN bounds reversed or of different types",
		Ref:  "docs/rules/function-misuse.md: literal bounds reversed or of two types are refused (dynalite refuses both)"},
	{Server: KindDynoxide, Rule: "function-misuse", Kind: GapAccepts, Input: `Begins_With`,
		Note: "accepts a function name in the wrong case (Begins_With)",
		Ref:  `docs/rules/function-misuse.md: function names are case-sensitive ("Invalid function name"; dynalite's test, run against DynamoDB)`},
	{Server: KindDynoxide, Rule: "function-misuse", Kind: GapAccepts, Command: `^query$`, Input: `"KeyConditionExpression":"[^"]*begins_with`,
		Note: "accepts begins_with with a number operand in a key condition",
		Ref:  "docs/rules/function-misuse.md: begins_with compares strings or binary; in a key condition too (dynalite refuses it)"},

	// --- key conditions ---
	{Server: KindDynoxide, Rule: "key-condition-invalid", Kind: GapMessage,
		Note: `its own texts ("partition key must use equality", "Unexpected operator in KeyConditionExpression: <>", "Expected attribute name, got NOT", ...)`,
		Ref:  "docs/rules/key-condition-invalid.md: DynamoDB's texts, which dynalite gives; dynoxide's are its own"},
	{Server: KindDynoxide, Rule: "key-condition-invalid", Kind: GapAccepts, Input: `begins_with`,
		Note: "accepts begins_with on a number sort key",
		Ref:  "docs/rules/key-condition-invalid.md: a number value is the wrong operand type for begins_with, a string value the wrong type for the key (dynalite refuses both)"},
	{Server: KindDynoxide, Rule: "key-type-mismatch", Kind: GapAccepts, Command: `^query$`,
		Note: "accepts a key condition value whose type differs from the key's (returns no items)",
		Ref:  `docs/rules/key-type-mismatch.md: "Condition parameter type does not match schema type", which dynalite gives`},
	{Server: KindDynoxide, Rule: "unknown-table", Kind: GapMessage, Command: `^query$`, Answer: `partition key must use equality`,
		Note: "checks the key condition's shape before it looks the table up, with its own text for a key condition without =",
		Ref:  `docs/rules/unknown-table.md; "partition key must use equality" is dynoxide's own text (DynamoDB and dynalite say "Query key condition not supported")`},
	{Server: KindDynoxide, Rule: "unknown-index", Kind: GapMessage, Command: `^query$`, Answer: `partition key must use equality`,
		Note: "checks the key condition's shape before it looks the index up, with its own text for a key condition without =",
		Ref:  `docs/rules/unknown-index.md; "partition key must use equality" is dynoxide's own text (DynamoDB and dynalite say "Query key condition not supported")`},

	// --- nested paths into key attributes (docs/rules/key-attribute-nested.md) ---
	{Server: KindDynoxide, Rule: "key-attribute-nested", Kind: GapAccepts,
		Note: "does not check nested paths into table or index key attributes (id.part, openBucket[0]) in projections, filters and conditions",
		Ref:  "docs/rules/key-attribute-nested.md; dynalite and DynamoDB Local (validateNoNestedAccessToKeyAttributeInExpression) refuse it"},
	{Server: KindDynoxide, Rule: "key-attribute-nested", Kind: GapMessage, Input: `"UpdateExpression"`,
		Answer: "The document path provided in the update expression is invalid for update",
		Note:   `a nested path under a key attribute in an update: "The document path provided in the update expression is invalid for update" instead of "Key attributes must be scalars"`,
		Ref:    `docs/rules/key-attribute-nested.md: "Key attributes must be scalars" in an update too (AWS's answer quoted in scylladb's alternator tests; dynalite agrees)`},
	{Server: KindDynalite, Rule: "key-attribute-nested", Kind: GapAccepts, Input: `"ConditionExpression"`,
		Note: "checks nested key paths in query/scan requests and updates only, not in a ConditionExpression",
		Ref:  "docs/rules/key-attribute-nested.md: in every expression; dynalite's validateKeyPaths runs for query, scan and update requests only"},

	// --- projections and updates ---
	{Server: KindDynoxide, Rule: "projection-path-overlap", Kind: GapAccepts, Input: `"ProjectionExpression":"[^"]*\[\d+\]`,
		Note: "accepts a projection that reads one path as a list and as a map (a[0], a.b)",
		Ref:  `docs/rules/projection-path-overlap.md: "Two document paths conflict", which dynalite gives`},
	{Server: KindDynoxide, Rule: "projection-path-overlap", Kind: GapMessage, Answer: `overlap with each other; must remove or rewrite one of these paths; path one: \[a\], path two: \[a\]$`,
		Note: "answers a, b, a with path two [a], the repeated path, where DynamoDB names the sibling it stores first, [b]",
		Ref:  "docs/rules/projection-path-overlap.md; dynalite's getItem test, run against DynamoDB, records DynamoDB answering 'a,b,a' with path two [b] (left as a TODO since dynalite answers [a]); DynamoDB Local ExpressionValidator.buildProjTreeInternal reads the paths from the last and takes path two from a HashMap"},
	{Server: KindDynalite, Rule: "projection-path-overlap", Kind: GapMessage, Answer: `overlap with each other; must remove or rewrite one of these paths; path one: \[a\], path two: \[a\]$`,
		Note: "answers a, b, a with path two [a], the repeated path, where DynamoDB names the sibling it stores first, [b]",
		Ref:  "docs/rules/projection-path-overlap.md; dynalite's own getItem test, run against DynamoDB, records DynamoDB answering 'a,b,a' with path two [b] (a TODO there); DynamoDB Local ExpressionValidator.buildProjTreeInternal reads the paths from the last and takes path two from a HashMap"},
	{Server: KindDynoxide, Rule: "update-path-overlap", Kind: GapMessage, Answer: `Two document paths overlap with each other`,
		Note: "names the two overlapping paths in the other order (path one is the longer)",
		Ref:  "docs/rules/update-path-overlap.md: DynamoDB's text as dynalite gives it"},
	{Server: KindDynoxide, Rule: "update-path-overlap", Kind: GapMessage, Answer: `The document path provided in the update expression is invalid for update`,
		Note: `a[0] with a.b: "The document path provided in the update expression is invalid for update" instead of "Two document paths conflict"`,
		Ref:  `docs/rules/update-path-overlap.md: "Two document paths conflict", before the update runs, as dynalite gives it`},
	{Server: KindDynoxide, Rule: "update-operand-type", Kind: GapMessage, Answer: `operand type: STRING`,
		Note: `operand types named STRING where DynamoDB says S (list_append, +)`,
		Ref:  "docs/rules/update-operand-type.md: operand type S (dynalite's tests, run against DynamoDB, say S)"},
	{Server: KindDynoxide, Rule: "key-type-mismatch", Kind: GapMessage, Input: `"UpdateExpression":"ADD`,
		Answer: "An operand in the update expression has an incorrect data type",
		Note:   `ADD of a number to a string GSI key: "An operand in the update expression has an incorrect data type" instead of "Type mismatch for Index Key"`,
		Ref:    "docs/rules/key-type-mismatch.md: an update that sets an index key to another type; the text is dynalite's (no AWS answer on record for ADD)"},

	// --- settled with DynamoDB Local's code, where no AWS answer is on record:
	// its expression engine is Amazon's and gives DynamoDB's texts and limits ---
	{Rule: "function-misuse", Input: `list_append\(\s*list_append|list_append\([^()]*\)\s*[-+]`,
		Answer: `^OK$|does not exist in the item`,
		Note:   "does not check where list_append stands (inside another list_append, an operand of +): the update runs",
		Ref:    "docs/rules/function-misuse.md; DynamoDB Local ASTListener.enterFunctionCall: in an update only if_not_exists may nest (INVALID_FUNCTION_CONTEXT)"},
	{Rule: "function-misuse", Kind: GapMessage, Answer: `Invalid function name; function: (if_not_exists|list_append)$`,
		Note: "calls if_not_exists and list_append in a condition unknown functions",
		Ref:  "docs/rules/function-misuse.md; DynamoDB Local ASTListener.enterFunctionCall: an update function in a condition is INVALID_CONDITION_FUNCTION, \"The function is not allowed in a condition expression\", the answer teams quote from live calls"},
	{Rule: "function-misuse", Kind: GapAccepts, Case: "*/orderedTypes*",
		Note: "accepts <, <=, >, >= on a boolean, null, list, map or set value",
		Ref:  "docs/rules/function-misuse.md; every emulator accepts it; DynamoDB Local OperatorValidator: the order operators take ORDERED_TYPES (N, S, B)"},
	{Server: KindDynalite, Rule: "function-misuse", Case: "*/samePath*", Answer: `^OK$|does not exist in the item`,
		Note: "checks distinct operands of two-operand comparisons and functions only: BETWEEN, IN and if_not_exists with the same path pass",
		Ref:  "docs/rules/function-misuse.md; dynalite's conditionParser checkDistinct returns when args.length != 2, so it checks two operands only; DynamoDB Local OperatorValidator.validateOperator checks every operand"},
	{Server: KindDynalite, Answer: `cannot be converted to a numeric value: \+`,
		Note: "refuses a number written with a leading + (+7)",
		Ref:  "DynamoDB refuses only text that is no number (docs/rules/invalid-attribute-value.md); DynamoDB Local LocalDBUtils.validateNumericValue parses with java.math.BigDecimal, which takes +7"},

	// --- observed here: the server departs from what the rule page says
	// DynamoDB does ---
	{Server: KindDynalite, Rule: "expression-limit", Kind: GapAccepts, Command: `^put-item$`, Input: `[^\x00-\x7f]`,
		Note: "measures a string key in UTF-16 code units, not bytes (db/index.js checkKeySize: keyPiece.length): 1025 × é = 2050 bytes passes",
		Ref:  "docs/rules/expression-limit.md: AWS documents key sizes in bytes (2048, 1024); dynalite gets them right for ASCII keys only"},
	{Server: KindDynoxide, Rule: "names-without-expressions", Kind: GapMessage, Answer: `is null and \w+ is null|unused in expressions`,
		Note: `its texts: "FilterExpression is null and KeyConditionExpression is null" for "FilterExpression and KeyConditionExpression are null"; values with only a ProjectionExpression: "Value provided in ExpressionAttributeValues unused in expressions"`,
		Ref:  "docs/rules/names-without-expressions.md: DynamoDB's texts; a ProjectionExpression takes no values"},
	{Server: KindDynoxide, Rule: "undefined-placeholder", Kind: GapAccepts, Input: `"ConditionExpression"`,
		Note: "accepts an undefined :value in the branch of an OR it does not need to evaluate (attribute_not_exists(#id) OR #v < :v)",
		Ref:  "docs/rules/undefined-placeholder.md: an undefined value is refused wherever it stands"},
	{Server: KindDynoxide, Rule: "select-projection-mismatch", Kind: GapAccepts, Input: `"AttributesToGet"`,
		Note: "accepts AttributesToGet with Select ALL_ATTRIBUTES (it refuses the ProjectionExpression form)",
		Ref:  "docs/rules/select-projection-mismatch.md: AttributesToGet is refused where a ProjectionExpression is (DynamoDB Local's validateSelect)"},

	// --- expression grammar: DynamoDB's, where the emulators' grammars
	// differ, settled with real AWS answers and DynamoDB Local's parser ---
	{Server: KindDynoxide, Rule: "syntax-error", Case: "requests/syntax-error/leading-underscore.json:*", Kind: GapAccepts,
		Note: `accepts "set _version = :v": AWS refuses a bare name starting with "_" (Syntax error; token: "_", near: "set _something")`,
		Ref:  `docs/rules/syntax-error.md; AWS documents a name as a letter, then letters and digits; AWS's answers in aws-sdk-js #1691, aws-sdk-java-v2 #3279, Dynamoid #808, and DynamoDB Local in dynalite #147, all refuse "_" (only dynalite's grammar takes it)`},
	{Server: KindDynalite, Rule: "syntax-error", Case: "requests/syntax-error/leading-underscore.json:*", Kind: GapAccepts,
		Note: `accepts "set _version = :v" (its grammar: IdentifierStart = [a-zA-Z] / "_"); AWS refuses it`,
		Ref:  `as above; dynalite #147 records this very gap`},
	{Server: KindDynoxide, Rule: "redundant-parentheses", Case: "requests/redundant-parentheses/update.json:*", Answer: `^OK$|does not exist in the item`,
		Note: "checks redundant parentheses in conditions only: SET priority = ((priority + :one)) runs",
		Ref:  "docs/rules/redundant-parentheses.md; DynamoDB Local DynamoDbGrammarParser: arithmetic in parentheses (ArithmeticParens) calls validateRedundantParentheses as conditions do"},
	{Server: KindDynalite, Rule: "redundant-parentheses", Case: "requests/redundant-parentheses/update.json:*", Kind: GapMessage, Answer: `Syntax error`,
		Note: "its grammar has no parentheses in a SET value: a syntax error instead of the redundant-parentheses text",
		Ref:  "docs/rules/redundant-parentheses.md; DynamoDB Local DynamoDbGrammarParser (ArithmeticParens)"},

	// --- legacy parameters ---
	{Server: KindDynoxide, Kind: GapRefuses, Input: `"KeyConditions"`, Answer: `Non-expression parameters: \{KeyConditions\} Expression parameters: \{(ProjectionExpression|FilterExpression)\}`,
		Note: "refuses KeyConditions beside a FilterExpression or a ProjectionExpression; DynamoDB takes that pair and refuses KeyConditions only beside a KeyConditionExpression",
		Ref:  "docs/rules/legacy-parameters-mixed.md; dynalite's test suite, written against AWS's answers (\"all expressions and non-expression without KeyConditionExpression\": KeyConditions left out of the list), and the other emulators that take the pair"},
	{Server: KindDynoxide, Rule: "names-without-expressions", Case: "requests/names-without-expressions/key-conditions-projection-values.json:*", Kind: GapMessage,
		Note: "answers the mix of KeyConditions and ProjectionExpression, which DynamoDB takes, before the values without an expression that take them",
		Ref:  "as above"},
	{Server: KindDynoxide, Rule: "legacy-parameters-mixed", Case: "requests/legacy-parameters-mixed/key-conditions-with-query-filter.json:*", Kind: GapMessage, Answer: `\{QueryFilter, KeyConditions\}`,
		Note: "lists KeyConditions among the parameters refused beside a FilterExpression, which DynamoDB leaves out (it takes that pair)",
		Ref:  "as above"},
	{Server: KindDynoxide, Rule: "legacy-condition-invalid", Kind: GapAccepts, Input: `"ComparisonOperator":"BETWEEN"|"ConditionalOperator"`,
		Note: "accepts a legacy BETWEEN of two types or with its lower bound the greater, and ConditionalOperator with a single condition to join",
		Ref:  "docs/rules/legacy-condition-invalid.md; dynalite answers DynamoDB's texts (\"AttributeValues inside AttributeValueList must be of same type\", \"The BETWEEN condition was provided a range where the lower bound is greater than the upper bound\"); for ConditionalOperator, AWS's answer as LocalStack's request validator and the nubo-db/dynamodb-conformance suite reproduce it, and as application code that guards ConditionalOperator on two or more conditions cites it"},
	{Server: KindDynalite, Rule: "legacy-condition-invalid", Case: "requests/legacy-condition-invalid/one-filter-joined.json:*", Kind: GapAccepts,
		Note: "accepts ConditionalOperator with a single condition to join",
		Ref:  "as above"},
	{Server: KindDynoxide, Rule: "legacy-key-conditions-invalid", Kind: GapMessage, Answer: `Unexpected token in KeyConditionExpression|Query filter contains a sort key condition|Unsupported KeyConditions ComparisonOperator|partition key must use equality`,
		Note: "turns KeyConditions into a KeyConditionExpression and answers its own texts: three conditions, two on a table with no sort key, NE/IN/CONTAINS/NULL..., a partition key not EQ",
		Ref:  "docs/rules/legacy-key-conditions-invalid.md; DynamoDB's texts for KeyConditions (\"Conditions can be of length 1 or 2 only\", \"Query key condition not supported\", \"Attempted conditional constraint is not an indexable operation\"), which dynalite answers"},
	{Server: KindDynoxide, Rule: "legacy-key-conditions-invalid", Case: "requests/legacy-key-conditions-invalid/wrong-type.json:*", Kind: GapAccepts,
		Note: "accepts a KeyConditions value of another type than the key's (N for an S key)",
		Ref:  "docs/rules/legacy-key-conditions-invalid.md; DynamoDB refuses it (\"Condition parameter type does not match schema type\"), as for a KeyConditionExpression; dynalite agrees"},

	{Server: KindDynalite, Rule: "key-type-mismatch", Kind: GapMessage, Input: `"UpdateExpression":"[^"]* [+-] `, Answer: `Type mismatch for Index Key`,
		Note: "types the result of + or - before it runs the update: refuses set KEY = a + 1 with the text for a value written in the request (Type mismatch for Index Key) even where the item lacks a, which DynamoDB reports first (does not exist), or computes and then refuses with the runtime text",
		Ref:  `docs/rules/key-type-mismatch.md; DynamoDB runs the update first: an operand the item lacks is a runtime error, an index key computed to another type gets the runtime text ("...to unsupported type"); DynamoDB Local validates index keys on the updated item, after evaluating it (DataPlaneFunction.validateKeyValue)`},

	// --- start keys and table names (docs/rules/start-key-outside-condition.md,
	// docs/rules/invalid-name.md, docs/rules/unknown-table.md) ---
	{Server: KindDynoxide, Rule: "start-key-outside-condition", Kind: GapAccepts, Command: `^query$`, Input: `"ExclusiveStartKey"`,
		Note: "does not check that a query's ExclusiveStartKey lies inside its key condition: resumes from another partition, or from a sort key the condition does not take",
		Ref:  "docs/rules/start-key-outside-condition.md: dynalite implements all three checks with DynamoDB's three messages (its query tests were run against DynamoDB) and agrees on every case of the archives"},
	{Input: `"TableName":"arn:aws:dynamodb:`, Answer: `at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern`,
		Note: "refuses a table's ARN in TableName with the name pattern [a-zA-Z0-9_.-]+ (where DynamoDB reads the table it names, or answers that there is none)",
		Ref:  "docs/rules/invalid-name.md: DynamoDB's API reference for the item and read operations says TableName takes the table's name or its ARN (the current API model, which AWS CLI v1 here carries, gives TableName 1 to 1024 characters and no pattern)"},

	// --- declared types and key values without a schema
	// (docs/rules/declared-type-mismatch.md, docs/rules/key-type-mismatch.md) ---
	{Server: KindDynoxide, Rule: "declared-type-mismatch", Kind: GapRefuses, Command: `^update-item$`,
		Answer: `Operands for \+ must be numbers`,
		Note:   `refuses SET a = KEY + 1 on a string key as a validation error of its own wording, where DynamoDB runs the update and fails it on the item's data`,
		Ref:    `docs/rules/declared-type-mismatch.md: arithmetic on an attribute of another type fails on the item, at run time, with "An operand in the update expression has an incorrect data type" (DynamoDB Local evaluates it on the item; dynalite gives that text)`},
	{Server: KindDynalite, Rule: "unknown-table", Kind: GapMessage, Command: `^query$`,
		Answer: `ComparisonOperator EQ is not valid for NULL AttributeValue type`,
		Note:   `checks a key condition's value types, in the legacy parameters' words, before it looks the table up`,
		Ref:    `docs/rules/unknown-table.md and docs/rules/key-type-mismatch.md: DynamoDB answers a query on a table that does not exist with ResourceNotFoundException, or a key value of a type no key holds with "Incorrect operand type for operator or function"; the NULL wording is dynalite's own`},

	// --- batches (docs/rules/batch-too-many-items.md; what each server
	// answered: e2e/testdata/group-messages.md) ---
	{Server: KindDynalite, Rule: "batch-too-many-items", Kind: GapAccepts, Command: `^batch-write-item$`, Input: `\],"[^"]+":\[`,
		Note: "counts the 25 write requests of a batch per table: 13 + 13 requests in two tables are accepted and written",
		Ref:  `the API reference of BatchWriteItem refuses a batch of more than 25 requests, whatever the tables; DynamoDB Local answers "Too many items requested for the BatchWriteItem call" (its BATCH_WRITE_LIMIT_EXCEEDED), and so do the emulators that check the total`},
	{Server: KindDynoxide, Rule: "batch-too-many-items", Kind: GapMessage, Command: `^batch-write-item$`, Input: `\],"[^"]+":\[`,
		Answer: `Map value must satisfy constraint: \[Member must have length less than or equal to 25`,
		Note:   "refuses 13 + 13 requests in two tables with the per-table constraint's text (naming a table that holds 13), where the total is what is over",
		Ref:    `the per-table text is the API model's constraint on one table's list; over 25 in all, DynamoDB Local answers "Too many items requested for the BatchWriteItem call" (BATCH_WRITE_LIMIT_EXCEEDED)`},
	{Server: KindDynoxide, Rule: "batch-too-many-items", Kind: GapMessage, Command: `^batch-get-item$`,
		Answer: `Value at 'RequestItems\.[^']+\.member\.Keys' failed to satisfy constraint: Member must have length less than or equal to 100`,
		Note:   "refuses more than 100 keys across tables (60 + 41) with the per-table constraint's text, naming a table that holds 60",
		Ref:    `BatchGetItem's API reference: more than 100 items gets "Too many items requested for the BatchGetItem call"; moto #3046 records that DynamoDB answers that text across tables and the constraint for one table over 100; dynalite and DynamoDB Local (BATCH_GET_LIMIT_EXCEEDED) answer it`},

	// --- what request JSON says that the DSL cannot: empty attribute names,
	// legacy forms, integers over 32 bits (docs/rules/invalid-name.md,
	// sparse-key-blanked.md, legacy-condition-invalid.md,
	// invalid-request-member.md) ---
	{Rule: "invalid-name", Kind: GapAccepts, Input: `"":|\["",?|"AttributesToGet":\[""\]`,
		Note: `stores an item with an attribute named "", and takes "" among AttributesToGet or as an AttributeUpdates name`,
		Ref:  `docs/rules/invalid-name.md: DynamoDB's naming rules (Developer Guide, "Supported data types and naming rules"): an attribute name is at least one character long`},
	{Server: KindDynoxide, Rule: "invalid-name", Kind: GapAccepts, Input: `"ExpressionAttributeNames":\{[^}]*"#\w+":""`,
		Note: `takes "" as the name a #placeholder stands for`,
		Ref:  `docs/rules/invalid-name.md: AWS's answer "ExpressionAttributeNames contains invalid value: Empty attribute name for key #a", asserted verbatim by public conformance suites run against DynamoDB (and checked by dynoxide releases after 1.2.1)`},
	{Server: KindDynalite, Rule: "invalid-name", Kind: GapMessage, Input: `"ExpressionAttributeNames":\{[^}]*"#\w+":""`,
		Answer: `An expression attribute name used in the document path is not defined`,
		Note:   `takes a #placeholder standing for "" as undefined`,
		Ref:    "as above"},
	{Server: KindDynoxide, Rule: "sparse-key-blanked", Kind: GapMessage, Input: `"AttributeUpdates"`,
		Answer: `The update expression attempted to update a secondary index key`,
		Note:   `answers an AttributeUpdates PUT of "" into an index key with the update expression's text`,
		Ref:    "docs/rules/sparse-key-blanked.md: DynamoDB answers an AttributeUpdates PUT as it answers a put (DynamoDB Local's INDEX_EMPTY_STR_KEY_VALUE_UNSUPPORTED, with IndexName and IndexKey); the update expression's text is for an UpdateExpression"},
	{Rule: "legacy-condition-invalid", Kind: GapAccepts, Input: `"Expected"`, Answer: `The conditional request failed`,
		Note: "does not check the types an Expected operator takes (BEGINS_WITH of a number, BETWEEN of sets, LE or IN of a list): it reads the item, and the condition fails",
		Ref:  `docs/rules/legacy-condition-invalid.md: DynamoDB checks an Expected entry's values against its operator as it checks a filter's, before it reads the item (a conformance suite run against DynamoDB finds these refused); dynalite answers DynamoDB's text for the filters ("ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type", its tests written against DynamoDB) and skips Expected`},
	{Server: KindDynalite, Rule: "legacy-condition-invalid", Case: "requests/legacy-condition-invalid/joined-*", Kind: GapAccepts,
		Note: "accepts ConditionalOperator with no condition to join (no Expected or filter, or an empty one)",
		Ref:  `docs/rules/legacy-condition-invalid.md: AWS's answers as LocalStack's request validator reproduces them ("ConditionalOperator cannot be used without Filter or Expected", "ConditionalOperator can only be used when Filter or Expected has two or more elements" for one element or none)`},
	{Rule: "invalid-request-member", Kind: GapAccepts, Input: `"Limit":[0-9]{10,}`,
		Note: "takes a Limit over 2147483647",
		Ref:  "docs/rules/invalid-request-member.md: DynamoDB's API model types Limit as a 32-bit Integer, and DynamoDB (a Java service) cannot read a larger one; dynexpr's own build refuses it"},
	{Server: KindDynoxide, Rule: "invalid-request-member", Kind: GapMessage, Input: `"Limit":[0-9]{20,}`, Answer: `floating point`,
		Note: "reads a Limit of 20 digits or more as a floating-point number and refuses it with a SerializationException",
		Ref:  "docs/rules/invalid-request-member.md: DynamoDB's API model types Limit as a 32-bit Integer, and DynamoDB (a Java service) cannot read a larger one; dynexpr's own build refuses it"},
	{Rule: "expression-limit", Kind: GapAccepts, Input: `"(openBucket|openedAt)"[^x]*x{1000}x{25}`,
		Note: "does not check the size of a secondary-index key value (2048 bytes for a partition key, 1024 for a sort key)",
		Ref:  `docs/rules/expression-limit.md: AWS's Developer Guide gives index keys the table keys' limits; AWS's answer "Size of hashkey has exceeded the maximum size limit of2048 bytes" for a GSI key, quoted in public project reports; DynamoDB Local refuses them`},
	{Server: KindDynalite, Rule: "number-out-of-range", Kind: GapAccepts, Input: `= :\w+ [+-] :\w+`,
		Note: "does not check the result of adding or subtracting two numbers in SET: stores a number over 9.99E+125 or of 39 significant digits",
		Ref:  `docs/rules/number-out-of-range.md: DynamoDB stores no number out of its range; dynoxide answers DynamoDB's texts ("Number overflow. Attempting to store a number with magnitude larger than supported range")`},

	// --- transactions (what each server answered: e2e/testdata/group-messages.md) ---
	{Server: KindDynoxide, Rule: "invalid-request-member", Kind: GapAccepts, Command: `^transact-write-items$`,
		Input: `"ReturnValuesOnConditionCheckFailure":"(ALL_NEW|UPDATED_OLD|UPDATED_NEW)"`,
		Note:  "does not check the value of a transaction member's ReturnValuesOnConditionCheckFailure: ALL_NEW is accepted and the transaction runs",
		Ref:   `DynamoDB's API model gives ReturnValuesOnConditionCheckFailure the values ALL_OLD and NONE (the CLI, which does not check enum values, carries that model); DynamoDB answers a model constraint as "Value 'ALL_NEW' at 'returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]", the form dynoxide itself gives its other constraints`},

	// --- multi-attribute GSI keys (newer than both emulators) ---
	// dynalite refuses the create-table (at most 2 key schema elements); the
	// test records those cases as gaps itself (Agreement.Unsupported).
	{Server: KindDynoxide, Input: `"IndexName":"by-tenant-region"`,
		Note: `creates a GSI with a multi-attribute key, but its key conditions know one HASH and one RANGE attribute ("Unexpected token in KeyConditionExpression: AND", "Query condition missed key schema element: createdAt")`,
		Ref:  multiAttributeRef},
}

// partiqlGaps are dynoxide 1.2.1's departures from DynamoDB in PartiQL
// (TestPartiQLAgreement, TestPartiQLRefusals, TestPartiQLRuleArchives), by
// what they are about; each must still reproduce, or the test fails. One
// with a Rule ("partiql:<rule>", the rows TestPartiQLRuleArchives adds)
// covers rule archive cases in the agreement table.
var partiqlGaps = map[string]KnownGap{
	"parameter-count": {
		Server: KindDynoxide, Rule: "partiql:partiql-parameter-count", Kind: GapAccepts,
		Note: "answers a statement whose Parameters has more values than it has ?s, ignoring the rest",
		Ref:  `docs/rules/partiql-parameter-count.md: DynamoDB refuses it, "Number of parameters in request and statement don't match." (DynamoDB's answer; not reproducible here)`,
	},
	"quoted-identifier-operand": {
		Note: `refuses a double-quoted identifier where a value stands (SET "n" = "n" + ?, "a" = "b"): "Unexpected value token"`,
		Ref:  `DynamoDB's PartiQL documentation: "..." is an identifier wherever it stands (ql-reference: quoted identifiers), and its own examples write SET AwardDetail.Grammys = list_append(AwardDetail.Grammys, [2016])`,
	},
	// The rule archives' cases (TestPartiQLRuleArchives); each Answer is
	// what dynoxide 1.2.1 said, as first recorded.
	"quoted-identifier-value": {
		Server: KindDynoxide, Rule: "partiql:partiql-quoting", Kind: GapRefuses, Answer: `Unexpected value token`,
		Note: `refuses a double-quoted identifier compared in WHERE (id = "a91f"): "Statement wasn't well formed, can't be processed: Unexpected value token"`,
		Ref:  `docs/rules/partiql-quoting.md and DynamoDB's PartiQL documentation: "..." is an identifier wherever it stands, so the statement is well formed (it compares two attributes)`,
	},
	"quoted-identifier-value-key": {
		Server: KindDynoxide, Rule: "partiql:partiql-key-incomplete", Kind: GapMessage, Answer: `Unexpected value token`,
		Note: `refuses id = "77de" (an identifier) with "Unexpected value token" before it checks the key`,
		Ref:  `docs/rules/partiql-key-incomplete.md: "77de" is an attribute, so the WHERE gives no key value; DynamoDB answers "Where clause does not contain a mandatory equality on all key attributes"`,
	},
	"delete-or": {
		Server: KindDynoxide, Rule: "partiql:partiql-key-incomplete", Kind: GapMessage, Answer: `DELETE does not support OR conditions`,
		Note: `DELETE ... WHERE id = 'a' OR id = 'b': "DELETE does not support OR conditions in WHERE clause"`,
		Ref:  `docs/rules/partiql-key-incomplete.md: DynamoDB's message for a WHERE without one = on each key attribute`,
	},
	"exists-in-transaction": {
		Server: KindDynoxide, Rule: "partiql:partiql-group-mixed", Kind: GapRefuses, Answer: `Expected data manipulation`,
		Note: `refuses EXISTS(SELECT ...) in ExecuteTransaction: "Statement wasn't well formed, can't be processed: Expected data manipulation"`,
		Ref:  `DynamoDB's PartiQL documentation (ql-functions.exists): EXISTS is a condition check in ExecuteTransaction`,
	},
	"exists-in-transaction-check": {
		Server: KindDynoxide, Rule: "partiql:check-without-condition", Kind: GapRefuses, Answer: `Expected data manipulation`,
		Note: `refuses EXISTS(SELECT ...) in ExecuteTransaction: "Statement wasn't well formed, can't be processed: Expected data manipulation"`,
		Ref:  `DynamoDB's PartiQL documentation (ql-functions.exists): EXISTS is a condition check in ExecuteTransaction`,
	},
	"exists-in-transaction-repeated": {
		Server: KindDynoxide, Rule: "partiql:partiql-transaction-item-repeated", Kind: GapMessage, Answer: `Expected data manipulation`,
		Note: `refuses EXISTS(SELECT ...) in ExecuteTransaction: "Statement wasn't well formed, can't be processed: Expected data manipulation"`,
		Ref:  `DynamoDB's PartiQL documentation (ql-functions.exists): EXISTS is a condition check in ExecuteTransaction`,
	},
	"batch-select-not-get": {
		Server: KindDynoxide, Rule: "partiql:partiql-batch-select-not-get", Kind: GapAccepts,
		Note: "runs a SELECT in BatchExecuteStatement that does not give the whole primary key with =",
		Ref:  `docs/rules/partiql-batch-select-not-get.md: DynamoDB answers "Select statements within BatchExecuteStatement must specify the primary key in the where clause." (DynamoDB's BatchExecuteStatement documentation: each SELECT reads one item)`,
	},
	"in-too-many": {
		Server: KindDynoxide, Rule: "partiql:partiql-in-too-many", Kind: GapAccepts,
		Note: "implements no limit on the values of IN",
		Ref:  "docs/rules/partiql-in-too-many.md: DynamoDB's documented PartiQL limits (IN takes at most 50 values on the partition key, 100 in a filter)",
	},
	"unknown-index-name": {
		Server: KindDynoxide, Rule: "partiql:unknown-index", Kind: GapMessage, Answer: `The table does not have the specified index$`,
		Note: `"The table does not have the specified index", without the index's name`,
		Ref:  `docs/rules/unknown-index.md: DynamoDB's answer names the index ("The table does not have the specified index: byStatus")`,
	},
	"sparse-key-blanked-missing-item": {
		Server: KindDynoxide, Rule: "partiql:sparse-key-blanked", Kind: GapAccepts, Answer: `ConditionalCheckFailed`,
		Note: "an UPDATE setting a GSI key to '' on a missing item fails its implied condition (ConditionalCheckFailed) instead of being refused",
		Ref:  "docs/rules/sparse-key-blanked.md: DynamoDB refuses a secondary-index key of \"\" in validation; that it does so before it looks for the item is not checked against DynamoDB here",
	},
	"index-key-size": {
		Server: KindDynoxide, Rule: "partiql:expression-limit", Kind: GapAccepts, Input: `'(openBucket|openedAt)': 'x{1000}x{25}`,
		Note: "does not check the size of a secondary-index key value an INSERT writes (2048 bytes for a partition key, 1024 for a sort key), as it does not for PutItem",
		Ref:  `docs/rules/expression-limit.md: AWS's Developer Guide gives index keys the table keys' limits; AWS's answer "Size of hashkey has exceeded the maximum size limit of2048 bytes" for a GSI key, quoted in public project reports; DynamoDB Local refuses them`,
	},
	"batch-duplicate-keys": {
		Server: KindDynoxide, Rule: "partiql:partiql-transaction-item-repeated", Kind: GapRefuses, Command: `^batch-execute-statement$`, Answer: `Provided list of item keys contains duplicates`,
		Note: `a batch naming one item twice: "Provided list of item keys contains duplicates"`,
		Ref:  "docs/rules/partiql-transaction-item-repeated.md: the rule is the transaction's; whether DynamoDB's BatchExecuteStatement takes one item twice is not checked against DynamoDB here (BatchGetItem refuses it): unverified",
	},
}

// partiqlArchiveGaps are the partiqlGaps that cover rule archive cases.
func partiqlArchiveGaps() []KnownGap {
	var gs []KnownGap
	for _, name := range slices.Sorted(maps.Keys(partiqlGaps)) {
		if g := partiqlGaps[name]; g.Rule != "" {
			gs = append(gs, g)
		}
	}
	return gs
}
