//go:build e2e

package e2e

// knownGaps are the ways dynoxide 1.2.1 and dynalite 4.0.0 are known to depart
// from DynamoDB, from /work/shared/reference/dynamodb-rules.md (§0, §3 and
// Appendix A, whose row ids are quoted). Rule names are the lint rules of
// `dynexpr rules`. A case that one of these covers is counted as a known gap
// instead of failing; anything else that differs from DynamoDB fails the
// test. Each gap is narrowed as far as the evidence goes: the kind of
// mismatch (the server accepts / refuses / says something else), and
// regular expressions on the command, the request JSON and the server's
// answer. Add more here or with Agreement.AddKnownGap, always with the
// evidence.
var knownGaps = []KnownGap{
	// --- secondary-index keys set to "" (reference §0.1, §3.5, §3.10) ---
	{Server: KindDynalite, Rule: "sparse-key-blanked", Kind: GapAccepts, Input: `\{"[SB]":""\}`,
		Note: `stores "" in a secondary-index key (PutItem and UpdateItem) and even indexes the item under ""`,
		Ref:  "§0.1, A:E01 E02 E05 U21 U22 U31"},
	{Server: KindDynalite, Rule: "empty-key-value", Kind: GapMessage, Command: `^(get|delete)-item$`,
		Answer: `were invalid: The AttributeValue for a key attribute cannot contain an empty string value`,
		Note:   `GetItem/DeleteItem with "" in the key: "were invalid:" where DynamoDB says "are not valid."`,
		Ref:    "§3.10, A:E06 E08"},
	{Server: KindDynalite, Rule: "empty-key-value", Kind: GapAccepts, Command: `^query$`, Input: `\{"[SB]":""\}`,
		Note: `a query with "" as a key value returns no items instead of being refused`,
		Ref:  "§3.5 (empty string key value: dl ✗), A:K20"},
	{Server: KindDynoxide, Rule: "empty-key-value", Kind: GapAccepts, Command: `^query$`, Input: `\{"[SB]":""\}`,
		Note: `a query with "" as a key value returns no items instead of being refused`,
		Ref:  "§3.5, A:K20"},

	// --- index reads (reference §0.2-§0.4, §3.11) ---
	{Server: KindDynalite, Rule: "unprojected-attribute", Kind: GapAccepts,
		Note: "silently drops non-projected attributes from a GSI projection, and filters everything out for a filter on them",
		Ref:  "§0.2 §0.3, A:I01 I02 I06 I09 I13 I20"},
	{Server: KindDynoxide, Rule: "unprojected-attribute", Kind: GapAccepts,
		Note: "silently drops non-projected attributes from a GSI projection, and filters everything out for a filter on them",
		Ref:  "§0.2 §0.3, A:I01 I02 I06 I09 I13 I20"},
	{Server: KindDynalite, Rule: "consistent-read-on-gsi", Kind: GapAccepts, Command: `^scan$`,
		Note: "ignores ConsistentRead on Scan (a Scan of a GSI with ConsistentRead succeeds)",
		Ref:  "§0.4, A:I07"},
	{Server: KindDynalite, Rule: "select-all-on-index", Kind: GapAccepts, Input: `"Select":"ALL_PROJECTED_ATTRIBUTES"`,
		Note: "accepts Select ALL_PROJECTED_ATTRIBUTES without an IndexName",
		Ref:  "§3.11, A:I16 I17"},
	{Server: KindDynalite, Rule: "select-projection-mismatch", Kind: GapAccepts,
		Note: "accepts SPECIFIC_ATTRIBUTES without a projection, and a ProjectionExpression with COUNT or ALL_ATTRIBUTES",
		Ref:  "§3.11, A:I14 I15 I18 I19"},

	// --- limits (reference §0.6, §3.12) ---
	{Server: KindDynalite, Rule: "expression-limit", Kind: GapAccepts, Input: `Expression"`,
		Note: "implements no expression limits (size, path depth, operators, IN operands, placeholder length)",
		Ref:  "§0.6 §3.12, A:L02 L04 L06 L18 C22"},
	{Server: KindDynalite, Rule: "expression-limit", Kind: GapAccepts, Command: `^(put|update)-item$`, Input: `(\[\{"L":){20}|(\{"M":\{"\w+":){20}`,
		Note: "does not check the item nesting depth (32)",
		Ref:  "§3.12 (item nesting depth: dl ✗)"},
	{Server: KindDynalite, Rule: "expression-limit", Kind: GapMessage, Input: `"UpdateExpression"`,
		Answer: "The document path provided in the update expression is invalid for update",
		Note:   "does not check the path depth (32); the update then fails at run time on the path the item lacks",
		Ref:    "§0.6 §3.12, A:L04"},
	{Server: KindDynoxide, Rule: "expression-limit", Kind: GapAccepts, Input: `Expression"`,
		Note: "checks only the 4096-byte expression size (no path depth, operator count, IN operand count, placeholder length)",
		Ref:  "§0.6 §3.12, A:L04 L06 L18 C22"},
	{Server: KindDynoxide, Rule: "expression-limit", Kind: GapMessage, Input: `"UpdateExpression"`,
		Answer: "The document path provided in the update expression is invalid for update",
		Note:   "does not check the path depth (32); the update then fails at run time on the path the item lacks",
		Ref:    "§0.6 §3.12, A:L04"},
	{Server: KindDynalite, Rule: "invalid-placeholder-key", Kind: GapAccepts,
		Note: "does not check the length of placeholders (255 bytes)",
		Ref:  "§0.6 §3.1 (placeholder token length: dl ✗), A:L06"},
	{Server: KindDynoxide, Rule: "invalid-placeholder-key", Kind: GapAccepts,
		Note: "does not check the length of placeholders (255 bytes)",
		Ref:  "§0.6, A:L06"},
	{Server: KindDynoxide, Rule: "number-out-of-range", Kind: GapMessage, Input: `ExpressionAttributeValues`,
		Note: `a 39-digit number in ExpressionAttributeValues: no "ExpressionAttributeValues contains invalid value: ... for key :n" wrapping`,
		Ref:  "A:L17"},

	// --- expression parsing: dynoxide's own parser texts (reference §1 [dynoxide]) ---
	{Server: KindDynoxide, Rule: "syntax-error", Kind: GapMessage,
		Note: `its own parser's texts ("Expected operand, got end of expression", "Expected ), got -") instead of "Syntax error; token: ..."`,
		Ref:  "§1, A:A16 A17 B01 B02 B07 B12"},
	{Server: KindDynalite, Rule: "syntax-error", Kind: GapMessage, Answer: `Syntax error; Expected `,
		Note: `PEG.js texts ("Syntax error; Expected ... but ... found.") instead of "Syntax error; token: ..., near: ..."`,
		Ref:  "§0.5, A:B01-B04 B07-B10 B12 U28"},
	{Server: KindDynoxide, Rule: "reserved-word", Kind: GapMessage,
		Note: `a function name used as an attribute (size = :v) gives "Expected (, got =" instead of the reserved-keyword message`,
		Ref:  "A:A04 P06"},
	{Server: KindDynoxide, Rule: "undefined-placeholder", Kind: GapMessage, Input: `KeyConditionExpression`,
		Note: `undefined :value in a KeyConditionExpression: message lacks the "Invalid KeyConditionExpression: " prefix`,
		Ref:  "A:A08"},
	{Server: KindDynoxide, Rule: "invalid-attribute-value", Kind: GapMessage, Answer: `Supplied AttributeValue`,
		Note: `malformed values in ExpressionAttributeValues: message lacks "ExpressionAttributeValues contains invalid value: " and "for key :x"`,
		Ref:  "A:A20 A21"},
	{Server: KindDynoxide, Rule: "invalid-placeholder-key", Kind: GapMessage, Answer: `Expected \), got -`,
		Note: `#my-attr: its parser refuses the expression ("Expected ), got -") before it checks the ExpressionAttributeNames key`,
		Ref:  "A:A16"},

	// --- functions and comparisons ---
	{Server: KindDynoxide, Rule: "function-misuse", Case: "*/samePath*", Answer: `^OK$|does not exist in the item`,
		Note: "checks no distinct operands: accepts the same path on both sides (a = a, and so BETWEEN, IN, if_not_exists, which then fails at run time on the missing attribute)",
		Ref:  "§3.4, A:C15"},
	{Server: KindDynoxide, Rule: "function-misuse", Kind: GapMessage, Answer: `Expected |Syntax error; token`,
		Note: "its own parser's texts for wrong arity, standalone size(), attribute_exists compared or on a value, size of a value",
		Ref:  "§3.4, A:C03-C07 C11-C14"},
	{Server: KindDynoxide, Rule: "function-misuse", Kind: GapAccepts, Input: `attribute_type`,
		Note: "accepts attribute_type with an unknown type name, or with a type operand that is not a string",
		Ref:  "§3.4, A:C08 C09"},
	{Server: KindDynoxide, Rule: "function-misuse", Kind: GapAccepts, Input: `BETWEEN`,
		Note: "accepts BETWEEN bounds reversed or of different types",
		Ref:  "§3.4, A:C16 C17"},
	{Server: KindDynoxide, Rule: "function-misuse", Kind: GapAccepts, Input: `Begins_With`,
		Note: "accepts a function name in the wrong case (Begins_With)",
		Ref:  "§3.2, A:C02"},
	{Server: KindDynoxide, Rule: "function-misuse", Kind: GapAccepts, Command: `^query$`, Input: `"KeyConditionExpression":"[^"]*begins_with`,
		Note: "accepts begins_with with a number operand in a key condition",
		Ref:  "§3.5, A:K10"},

	// --- key conditions ---
	{Server: KindDynoxide, Rule: "key-condition-invalid", Kind: GapMessage,
		Note: `its own texts ("partition key must use equality", "Unexpected operator in KeyConditionExpression: <>", "Expected attribute name, got NOT", ...)`,
		Ref:  "§1, A:K01-K09 K13 K14"},
	{Server: KindDynoxide, Rule: "key-condition-invalid", Kind: GapAccepts, Input: `begins_with`,
		Note: "accepts begins_with on a number sort key",
		Ref:  "§3.5, A:K10 K11"},
	{Server: KindDynoxide, Rule: "key-type-mismatch", Kind: GapAccepts, Command: `^query$`,
		Note: "accepts a key condition value whose type differs from the key's (returns no items)",
		Ref:  "§3.5, A:K12 K19"},
	{Server: KindDynoxide, Rule: "unknown-table", Kind: GapMessage, Command: `^query$`, Answer: `partition key must use equality`,
		Note: "checks the key condition's shape before it looks the table up, with its own text for a key condition without =",
		Ref:  "A:K01 K02"},
	{Server: KindDynoxide, Rule: "unknown-index", Kind: GapMessage, Command: `^query$`, Answer: `partition key must use equality`,
		Note: "checks the key condition's shape before it looks the index up, with its own text for a key condition without =",
		Ref:  "A:K01 K02"},

	// --- nested paths into key attributes (reference §3.6 §3.7 §3.8) ---
	{Server: KindDynoxide, Rule: "key-attribute-nested", Kind: GapAccepts,
		Note: "does not check nested paths into table or index key attributes (id.part, openBucket[0]) in projections, filters and conditions",
		Ref:  "§3.7, A:P03 P04"},
	{Server: KindDynoxide, Rule: "key-attribute-nested", Kind: GapMessage, Input: `"UpdateExpression"`,
		Answer: "The document path provided in the update expression is invalid for update",
		Note:   `a nested path under a key attribute in an update: "The document path provided in the update expression is invalid for update" instead of "Key attributes must be scalars"`,
		Ref:    "§3.8, A:U23"},
	{Server: KindDynalite, Rule: "key-attribute-nested", Kind: GapAccepts, Input: `"ConditionExpression"`,
		Note: "checks nested key paths in query/scan requests and updates only, not in a ConditionExpression",
		Ref:  "§3.6 (rule), §6 (dynalite's validateKeyPaths: query, scan, update)"},

	// --- projections and updates ---
	{Server: KindDynoxide, Rule: "projection-path-overlap", Kind: GapAccepts, Input: `"ProjectionExpression":"[^"]*\[\d+\]`,
		Note: "accepts a projection that reads one path as a list and as a map (a[0], a.b)",
		Ref:  "§3.7, A:P05"},
	{Server: KindDynoxide, Rule: "update-path-overlap", Kind: GapMessage, Answer: `Two document paths overlap with each other`,
		Note: "names the two overlapping paths in the other order (path one is the longer)",
		Ref:  "§3.8, A:U02 U35"},
	{Server: KindDynoxide, Rule: "update-path-overlap", Kind: GapMessage, Answer: `The document path provided in the update expression is invalid for update`,
		Note: `a[0] with a.b: "The document path provided in the update expression is invalid for update" instead of "Two document paths conflict"`,
		Ref:  "§3.8, A:U05"},
	{Server: KindDynoxide, Rule: "update-operand-type", Kind: GapMessage, Answer: `operand type: STRING`,
		Note: `operand types named STRING where DynamoDB says S (list_append, +)`,
		Ref:  "§3.8, A:U15 U19"},
	{Server: KindDynoxide, Rule: "key-type-mismatch", Kind: GapMessage, Input: `"UpdateExpression":"ADD`,
		Answer: "An operand in the update expression has an incorrect data type",
		Note:   `ADD of a number to a string GSI key: "An operand in the update expression has an incorrect data type" instead of "Type mismatch for Index Key"`,
		Ref:    "A:U34"},

	// --- settled with DynamoDB Local (reference §1: "high for
	// expression-engine messages/limits"), where the reference has no row ---
	{Server: KindDynoxide, Rule: "function-misuse", Input: `list_append\(\s*list_append|list_append\([^()]*\)\s*[-+]`,
		Answer: `^OK$|does not exist in the item`,
		Note:   "does not check where list_append stands (inside another list_append, an operand of +): the update runs",
		Ref:    "no reference row; DynamoDB Local ASTListener.enterFunctionCall: in an update only if_not_exists may nest (INVALID_FUNCTION_CONTEXT)"},
	{Server: KindDynalite, Rule: "function-misuse", Input: `list_append\(\s*list_append|list_append\([^()]*\)\s*[-+]`,
		Answer: `^OK$|does not exist in the item`,
		Note:   "does not check where list_append stands (inside another list_append, an operand of +): the update runs",
		Ref:    "no reference row; DynamoDB Local ASTListener.enterFunctionCall: in an update only if_not_exists may nest (INVALID_FUNCTION_CONTEXT)"},
	{Server: KindDynoxide, Rule: "function-misuse", Kind: GapAccepts, Case: "*/orderedTypes*",
		Note: "accepts <, <=, >, >= on a boolean, null, list, map or set value",
		Ref:  "A:C18 (all emulators accept; §3 silent); DynamoDB Local OperatorValidator: the order operators take ORDERED_TYPES (N, S, B)"},
	{Server: KindDynalite, Rule: "function-misuse", Kind: GapAccepts, Case: "*/orderedTypes*",
		Note: "accepts <, <=, >, >= on a boolean, null, list, map or set value",
		Ref:  "A:C18 (all emulators accept; §3 silent); DynamoDB Local OperatorValidator: the order operators take ORDERED_TYPES (N, S, B)"},
	{Server: KindDynalite, Rule: "function-misuse", Case: "*/samePath*", Answer: `^OK$|does not exist in the item`,
		Note: "checks distinct operands of two-operand comparisons and functions only: BETWEEN, IN and if_not_exists with the same path pass",
		Ref:  "§3.4 (the rule; its \"dl ✓\" holds for two operands only: conditionParser checkDistinct returns when args.length != 2); DynamoDB Local OperatorValidator.validateOperator checks every operand"},
	{Server: KindDynalite, Answer: `cannot be converted to a numeric value: \+`,
		Note: "refuses a number written with a leading + (+7)",
		Ref:  "§3.12 (only text that is no number is refused); DynamoDB Local LocalDBUtils.validateNumericValue parses with java.math.BigDecimal, which takes +7"},

	// --- observed here: the server departs from what the reference's §3
	// says DynamoDB does, in a way its Appendix A does not record ---
	{Server: KindDynalite, Rule: "expression-limit", Kind: GapAccepts, Command: `^put-item$`, Input: `[^\x00-\x7f]`,
		Note: "measures a string key in UTF-16 code units, not bytes (db/index.js checkKeySize: keyPiece.length): 1025 × é = 2050 bytes passes",
		Ref:  "§3.10 §3.12 (key sizes in bytes; its \"dl ✓\" holds for ASCII keys)"},
	{Server: KindDynoxide, Rule: "names-without-expressions", Kind: GapMessage, Answer: `is null and \w+ is null|unused in expressions`,
		Note: `its texts: "FilterExpression is null and KeyConditionExpression is null" for "FilterExpression and KeyConditionExpression are null"; values with only a ProjectionExpression: "Value provided in ExpressionAttributeValues unused in expressions"`,
		Ref:  "§3.1 (DynamoDB's texts; a ProjectionExpression takes no values)"},
	{Server: KindDynoxide, Rule: "undefined-placeholder", Kind: GapAccepts, Input: `"ConditionExpression"`,
		Note: "accepts an undefined :value in the branch of an OR it does not need to evaluate (attribute_not_exists(#id) OR #v < :v)",
		Ref:  "§3.1 (an undefined value is refused)"},
	{Server: KindDynoxide, Rule: "select-projection-mismatch", Kind: GapAccepts, Input: `"AttributesToGet"`,
		Note: "accepts AttributesToGet with Select ALL_ATTRIBUTES (the ProjectionExpression form it refuses, A:I19)",
		Ref:  "§3.11 (\"AttributesToGet analogues\")"},

	// --- expression grammar: DynamoDB's, where the reference is silent or
	// wrong, settled with real AWS answers and DynamoDB Local's parser ---
	{Server: KindDynoxide, Rule: "syntax-error", Case: "requests/syntax-error/leading-underscore.json:*", Kind: GapAccepts,
		Note: `accepts "set _version = :v": AWS refuses a bare name starting with "_" (Syntax error; token: "_", near: "set _something")`,
		Ref:  `§3.2 says "_ is accepted in practice", from dynalite's grammar only; AWS's answers in aws-sdk-js #1691, aws-sdk-java-v2 #3279, Dynamoid #808, and DynamoDB Local in dynalite #147, all refuse it`},
	{Server: KindDynalite, Rule: "syntax-error", Case: "requests/syntax-error/leading-underscore.json:*", Kind: GapAccepts,
		Note: `accepts "set _version = :v" (its grammar: IdentifierStart = [a-zA-Z] / "_"); AWS refuses it`,
		Ref:  `as above; dynalite #147 records this very gap`},
	{Server: KindDynoxide, Rule: "redundant-parentheses", Case: "requests/redundant-parentheses/update.json:*", Answer: `^OK$|does not exist in the item`,
		Note: "checks redundant parentheses in conditions only: SET priority = ((priority + :one)) runs",
		Ref:  "§3.3 (the rule); DynamoDB Local DynamoDbGrammarParser: arithmetic in parentheses (ArithmeticParens) calls validateRedundantParentheses as conditions do"},
	{Server: KindDynalite, Rule: "redundant-parentheses", Case: "requests/redundant-parentheses/update.json:*", Kind: GapMessage, Answer: `Syntax error`,
		Note: "its grammar has no parentheses in a SET value: a syntax error instead of the redundant-parentheses text",
		Ref:  "§3.3; DynamoDB Local DynamoDbGrammarParser (ArithmeticParens)"},

	{Server: KindDynalite, Rule: "legacy-parameters-mixed", Kind: GapAccepts, Input: `"KeyConditions"`,
		Note: "accepts KeyConditions beside a FilterExpression: its check of expression and legacy parameters together leaves KeyConditions out (dynoxide refuses the mix)",
		Ref:  "§3.1 (Query's legacy set includes KeyConditions, [AWS-real conformance])"},

	{Server: KindDynalite, Rule: "key-type-mismatch", Kind: GapMessage, Input: `"UpdateExpression":"[^"]* [+-] `, Answer: `Type mismatch for Index Key`,
		Note: "types the result of + or - before it runs the update: refuses set KEY = a + 1 with the text for a value written in the request (Type mismatch for Index Key) even where the item lacks a, which DynamoDB reports first (does not exist), or computes and then refuses with the runtime text",
		Ref:  "§3.8 (SET index key from another attribute: runtime text; runtime rows); DynamoDB Local validates index keys on the updated item, after evaluating it (DataPlaneFunction.validateKeyValue)"},

	// --- multi-attribute GSI keys (not in the reference) ---
	// dynalite refuses the create-table (at most 2 key schema elements); the
	// test records those cases as gaps itself (Agreement.Unsupported).
	{Server: KindDynoxide, Input: `"IndexName":"by-tenant-region"`,
		Note: `creates a GSI with a multi-attribute key, but its key conditions know one HASH and one RANGE attribute ("Unexpected token in KeyConditionExpression: AND", "Query condition missed key schema element: createdAt")`,
		Ref:  multiAttributeRef},
}
