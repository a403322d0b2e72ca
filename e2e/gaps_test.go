//go:build e2e

package e2e

// knownGaps are the ways dynoxide 1.2.1 and dynalite 4.0.0 are known to depart
// from DynamoDB, from /work/shared/reference/dynamodb-rules.md (§0 and
// Appendix A, whose row ids are quoted). Rule names are the lint rules of
// design/rules.md. A test whose case falls under one of these gets the row
// counted as a known gap instead of failing; anything else that differs from
// DynamoDB fails the test. Add more with Agreement.AddKnownGap or here, always
// with the evidence.
var knownGaps = []KnownGap{
	// --- secondary-index keys set to "" (reference §0.1) ---
	{Server: KindDynalite, Rule: "sparse-key-blanked", Kind: GapAccepts,
		Note: `stores "" in a secondary-index key (PutItem and UpdateItem) and even indexes the item under ""`,
		Ref:  "§0.1, A:E01 E02 E05 U21 U22 U31"},
	{Server: KindDynalite, Rule: "empty-key-value", Kind: GapMessage,
		Note: `GetItem/DeleteItem with "" in the key: "were invalid:" where DynamoDB says "are not valid."`,
		Ref:  "A:E06 E08"},

	// --- index reads (reference §0.2-§0.4) ---
	{Server: KindDynalite, Rule: "unprojected-attribute", Kind: GapAccepts,
		Note: "silently drops non-projected attributes from a GSI projection, and filters everything out for a filter on them",
		Ref:  "§0.2 §0.3, A:I01 I02 I06 I09 I13 I20"},
	{Server: KindDynoxide, Rule: "unprojected-attribute", Kind: GapAccepts,
		Note: "silently drops non-projected attributes from a GSI projection, and filters everything out for a filter on them",
		Ref:  "§0.2 §0.3, A:I01 I02 I06 I09 I13 I20"},
	{Server: KindDynalite, Rule: "consistent-read-on-gsi", Kind: GapAccepts,
		Note: "ignores ConsistentRead on Scan (a Scan of a GSI with ConsistentRead succeeds)",
		Ref:  "§0.4, A:I07"},
	{Server: KindDynalite, Rule: "select-all-on-index", Kind: GapAccepts,
		Note: "accepts Select ALL_PROJECTED_ATTRIBUTES without an IndexName",
		Ref:  "A:I16 I17"},

	// --- limits (reference §0.6) ---
	{Server: KindDynalite, Rule: "expression-limit", Kind: GapAccepts,
		Note: "implements no expression limits (size, path depth, operators, IN operands, placeholder length) nor the GSI key size",
		Ref:  "§0.6, A:L02 L04 L06 L15 L18 C22"},
	{Server: KindDynoxide, Rule: "expression-limit", Kind: GapAccepts,
		Note: "checks only the 4096-byte expression size (no path depth, operator count, IN operand count, placeholder length, GSI key size)",
		Ref:  "§0.6, A:L04 L06 L15 L18 C22"},
	{Server: KindDynoxide, Rule: "number-out-of-range", Kind: GapMessage,
		Note: `a 39-digit number in ExpressionAttributeValues: no "ExpressionAttributeValues contains invalid value: ... for key :n" wrapping`,
		Ref:  "A:L17"},

	// --- expression parsing: dynoxide's own parser texts (reference §1, [dynoxide]) ---
	{Server: KindDynoxide, Rule: "syntax-error", Kind: GapMessage,
		Note: `its own parser's texts ("Expected operand, got end of expression", "Expected ), got -") instead of "Syntax error; token: ..."`,
		Ref:  "A:A16 A17 B01 B02 B07 B12"},
	{Server: KindDynalite, Rule: "syntax-error", Kind: GapMessage,
		Note: `PEG.js texts ("Syntax error; Expected ... but ... found.") instead of "Syntax error; token: ..., near: ..."`,
		Ref:  "§0.5, A:B01-B04 B07-B10 B12 U28"},
	{Server: KindDynoxide, Rule: "syntax-error", Kind: GapAccepts,
		Note: "accepts a function name in the wrong case (Begins_With)",
		Ref:  "A:C02"},
	{Server: KindDynoxide, Rule: "reserved-word", Kind: GapMessage,
		Note: `a function name used as an attribute (size = :v) gives "Expected (, got =" instead of the reserved-keyword message`,
		Ref:  "A:A04"},
	{Server: KindDynoxide, Rule: "undefined-placeholder", Kind: GapMessage,
		Note: `undefined :value in a KeyConditionExpression: message lacks the "Invalid KeyConditionExpression: " prefix`,
		Ref:  "A:A08"},
	{Server: KindDynoxide, Rule: "invalid-attribute-value", Kind: GapMessage,
		Note: `malformed values in ExpressionAttributeValues: message lacks "ExpressionAttributeValues contains invalid value: " and "for key :x"`,
		Ref:  "A:A20 A21"},
	{Server: KindDynoxide, Rule: "function-misuse", Kind: GapMessage,
		Note: "its own parser's texts for wrong arity, standalone size(), attribute_exists compared or on a value, size of a value",
		Ref:  "A:C03-C07 C11-C14"},
	{Server: KindDynoxide, Rule: "function-misuse", Kind: GapAccepts,
		Note: "accepts attribute_type with an unknown type or an N type operand, a = a, BETWEEN bounds reversed or of different types",
		Ref:  "A:C08 C09 C15 C16 C17"},

	// --- key conditions ---
	{Server: KindDynoxide, Rule: "key-condition-invalid", Kind: GapMessage,
		Note: `its own texts ("partition key must use equality", "Unexpected operator in KeyConditionExpression: <>", ...)`,
		Ref:  "A:K01-K09 K13 K14"},
	{Server: KindDynoxide, Rule: "key-condition-invalid", Kind: GapAccepts,
		Note: "accepts begins_with on a number sort key",
		Ref:  "A:K10 K11"},
	{Server: KindDynoxide, Rule: "key-type-mismatch", Kind: GapAccepts,
		Note: "accepts a key condition value whose type differs from the key's (returns no items)",
		Ref:  "A:K12 K19"},

	// --- updates ---
	{Server: KindDynoxide, Rule: "update-path-overlap", Kind: GapMessage,
		Note: `a[0] with a.b: "The document path provided in the update expression is invalid for update" instead of "Two document paths conflict"; overlap paths named in the other order`,
		Ref:  "A:U02 U05 U35"},
	{Server: KindDynoxide, Rule: "update-operand-type", Kind: GapMessage,
		Note: `operand types named STRING where DynamoDB says S (list_append, +); ADD of a number to a GSI key gives the runtime "incorrect data type" text`,
		Ref:  "A:U15 U19 U34"},
	{Server: KindDynoxide, Rule: "key-type-mismatch", Kind: GapMessage,
		Note: `ADD of a number to a string GSI key: "An operand in the update expression has an incorrect data type" instead of "Type mismatch for Index Key"`,
		Ref:  "A:U34"},
	{Server: KindDynoxide, Rule: "update-key-attribute", Kind: GapMessage,
		Note: `a nested path under a GSI key: "The document path provided in the update expression is invalid for update" instead of "Key attributes must be scalars"`,
		Ref:  "A:U23"},
}
