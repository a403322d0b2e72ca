// Package validate is dynexpr's linter: one catalog of rules, each a value
// with its documentation and its check, from which the `rules` command, the
// generated docs, SARIF's rule list and config validation are all derived.
// Check runs the catalog over a statement and the tables' schema;
// CheckRequest runs it over hand-written request JSON; both return
// findings, which the printers of render.go render in every output format.
//
// The framework is a few files:
//   - catalog.go: Severity, Rule, the catalog and the lookups by name (and,
//     at its top, what adding a rule touches);
//   - check.go: Finding, Config, Pass (a rule's view of one statement),
//     Check and the finding sort; a group (transact write, ...) is checked
//     member by member by the rules of one request, then whole by the rules
//     that check groups (their Rule.Kinds are groups; helpers in
//     groups.go); after the catalog, Check reports what the builder
//     refuses (rule_dsl_cannot_write.go), each refusal under the rule the
//     builder names;
//   - check_request.go, check_request_exprs.go: CheckRequest's pass over a
//     request: reading its members and expressions, reporting, silencing,
//     and running the catalog on the statement the request makes;
//   - ignore.go: `# dynexpr:ignore` comments;
//   - finding.go, render.go: how findings are written;
//   - docs.go: the rule pages and help text, written from the catalog.
//
// Every rule is a file of its own, rule_<name>.go (rule_reserved_word.go
// for reserved-word), holding its Rule value, its check and the helpers
// only it uses. Helpers several rules share are in files named for what
// they do: walk.go and paths.go (where a statement's conditions and paths
// stand), expressions.go, values.go, keys.go, item_keys.go,
// key_condition.go, schemaless_keys.go, path_overlap.go, names.go,
// placeholders.go, request_json.go, words.go, item_size.go, groups.go.
// dynamo_messages.go holds the messages of DynamoDB (and of the AWS CLI)
// that the rules quote, to be compared with DynamoDB's in one place.
package validate
