// Adding a rule touches:
//   - a new file rule_<name>.go: its Rule value (name, severity, docs,
//     examples) and its check (check for statements, checkRequest for
//     request JSON), with the helpers only it uses;
//   - one line in catalog below, at the end of its group;
//   - its test cases: testdata/rules/<name>.txtar (DSL) or
//     testdata/requests/<name>.txtar (request JSON), whose Bad and Good the
//     catalog tests also run;
//   - its generated page, docs/rules/<name>.md, and the index
//     docs/rules/README.md (`go test ./validate -update` writes both from
//     the catalog).
//
// Nothing else lists rules: the `rules` command, SARIF's rule list, config
// validation and ignore comments all read the catalog.

package validate

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// Severity says how bad a finding is.
type Severity int

const (
	// Off disables a rule (config only; no finding has it).
	Off Severity = iota
	// Info is advice.
	Info
	// Warning: DynamoDB accepts the request, but the user gets what they did
	// not mean (silent data loss, an item stuck in or missing from an index,
	// a costly read).
	Warning
	// Error: DynamoDB rejects the request (ValidationException).
	Error
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return "off"
}

// ParseSeverity reads a severity as config writes it.
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(s) {
	case "off", "none", "ignore":
		return Off, nil
	case "info":
		return Info, nil
	case "warning", "warn":
		return Warning, nil
	case "error":
		return Error, nil
	}
	return Off, fmt.Errorf("severity %q: use off, info, warning or error", s)
}

// Rule is one lint rule: its documentation and its check.
type Rule struct {
	// Name is kebab-case and says what is wrong; it is the rule's ID in every
	// output, in config and in `# dynexpr:ignore NAME -- reason` comments.
	Name     string
	Severity Severity
	// Title is one line.
	Title string
	// Why explains the rule, quoting DynamoDB's message where there is one
	// (Markdown).
	Why string
	// DynamoMessages are what DynamoDB answers, one answer an entry, where
	// it refuses the request: examples with DynamoDB's blanks filled in as
	// the Bad example would have them. They are written out, not formatted
	// from dynamo_messages.go's formats: formatting would run at every start
	// for text only the docs read.
	DynamoMessages []string
	// Bad and Good are examples in the DSL.
	Bad, Good string
	// AppliesTo says which requests the rule looks at, in the docs' words;
	// left out where the Kinds its check runs on say it (the docs then
	// list them).
	AppliesTo string
	// NeedsSchema rules are skipped, with one notice per run, without a schema.
	NeedsSchema bool
	// Unsilenceable, on a rule that neither config nor an ignore comment
	// can silence, says why and what to do instead: its docs say so,
	// config that sets its severity is refused, and an ignore comment
	// naming it is reported (unused-ignore).
	Unsilenceable string
	// RequestOnly rules look at hand-written request JSON only: the DSL
	// cannot express what they catch.
	RequestOnly bool
	// BadInput rules say the input cannot be used at all (it does not
	// parse, names a table the schema lacks): build's exit status is then
	// 2, not 1; lint reports them as findings (1), but for a file it could
	// not read (2).
	BadInput bool
	// CannotWrite says, for a reader in which no request can be written
	// that the rule fires on, why (the docs show it, and the parity matrix
	// of docs/rules/README.md takes it for that reader's cell). A reason
	// every rule of a class shares (a request JSON rule in the DSL, a
	// PartiQL rule in the DSL) is the class's (Rule.cannotWrite).
	CannotWrite []Unwritable
	// Kinds are the statements check runs on; nil is every request of its
	// own and every member of a group. A rule whose Kinds are groups
	// (transact write, transact get, batch get, batch write) checks the
	// group as a whole: its check runs once on the group, whose Pass.Stmt
	// is the group statement. AppliesTo may say more, for the docs (which
	// clauses).
	Kinds []grammar.Kind

	// large, on a rule that only a large request breaks, is its Bad
	// example, worked out rather than written (Bad is then empty).
	large *largeExample
	// check looks at a statement (Check). checkRequest looks at request
	// JSON as it stands in its file (CheckRequest), before the request is
	// made a statement for check; CheckRequest runs the hooks in catalog
	// order, which for the request rules is the order DynamoDB checks a
	// request. A rule may have both, either or neither (meta rules are
	// reported by the code that finds them: SyntaxError, UnreadableInput,
	// Ignores.Apply). Both are set in the Rule literal, so a check
	// reports its rule through its pass (Pass.Reportf; a hook through
	// requestPass.rule), never through the rule's variable: Go refuses an
	// initializer that refers to its own variable, even through the
	// functions it calls (an initialization cycle). A helper that other
	// rules' checks, or the reading of the request, call too names the
	// rule it reports: the rule running when it is called is not always
	// its own. function-misuse alone sets its hook in an init (see there).
	check        func(*Pass)
	checkRequest func(*requestPass)
	// checkSchemaless is check without a schema, for a rule that checks
	// even then what the statement alone makes certain (the attributes of
	// a key clause are keys). A rule that has it runs check only on a
	// statement whose table the schema knows: an unknown table is
	// unknown-table's.
	checkSchemaless func(*Pass)
	// partiql says check runs on PartiQL statements too, made DSL
	// statements (partiql.go): the rule means the same there.
	partiql bool
	// checkPartiQL looks at a PartiQL request (CheckPartiQL).
	checkPartiQL func(*partiqlPass)
}

// runsOn reports whether r's check runs on a statement of kind k: a
// rule without Kinds runs on every statement but a group.
func (r *Rule) runsOn(k grammar.Kind) bool {
	if r.Kinds == nil {
		return !k.IsGroup()
	}
	return slices.Contains(r.Kinds, k)
}

// schemalessOr is the check a rule with a checkSchemaless runs on p:
// checkSchemaless without a schema, check with the statement's table, and
// none when the schema lacks the table.
func (r *Rule) schemalessOr(p *Pass) func(*Pass) {
	switch {
	case p.Schema == nil:
		return r.checkSchemaless
	case p.Table == nil:
		return nil // unknown-table says it
	}
	return r.check
}

// catalog is every rule, in the order of the tables of the rules docs
// (docs/rules): the generated docs and SARIF's rule list keep this order,
// so a new rule goes at the end of its group. All returns it sorted by
// name.
var catalog = []*Rule{
	// The traps dynexpr exists for.
	sparseKeyBlanked,
	emptyKeyValue,
	unprojectedAttribute,
	selectAllOnIndex,
	consistentReadOnGSI,
	filterInsteadOfIndex,
	limitWithFilter,

	// Table and index keys, and the names the schema must know.
	unknownTable,
	unknownIndex,
	invalidName,
	keyTypeMismatch,
	keyConditionInvalid,
	filterOnKey,
	keyIncomplete,
	updateKeyAttribute,
	keyAttributeNested,
	startKeyOutsideCondition,

	// Expressions, values and DynamoDB's limits.
	updatePathOverlap,
	updateOperandType,
	invalidSet,
	numberOutOfRange,
	expressionLimit,
	functionMisuse,
	projectionPathOverlap,
	declaredTypeMismatch,
	ttlNotEpochSeconds,

	// Transactions and batches: the rules that check a group of requests
	// as a whole (each member is checked by the rules above).
	transactionTooManyItems,
	batchTooManyItems,
	transactionItemRepeated,
	batchDuplicateKeys,
	checkWithoutCondition,
	batchWriteNotPlain,
	memberClauseNotAllowed,
	tokenTooLong,
	requestTooLarge,
	batchGetTablesDisagree,

	// PartiQL: execute-statement, batch-execute-statement and
	// execute-transaction (CheckPartiQL runs their checkPartiQL; the DSL's
	// rules marked partiql run on them too).
	partiqlFullScan,
	partiqlKeyIncomplete,
	partiqlParameterCount,
	partiqlQuotedParameter,
	partiqlInTooMany,
	partiqlGroupTooMany,
	partiqlGroupMixed,
	partiqlBatchSelectNotGet,
	partiqlTransactionReturning,
	partiqlTransactionItemRepeated,
	partiqlKeyTypeMismatch,
	partiqlQuoting,

	// Only in hand-written request JSON, in the order DynamoDB checks a
	// request: its shape first, then the values, the placeholder maps, the
	// expressions, and what is left unused. CheckRequest runs their
	// checkRequest hooks in this order.
	unknownRequestMember,
	invalidRequestMember,
	missingRequestMember,
	invalidAttributeValue,
	legacyParametersMixed,
	legacyConditionInvalid,
	legacyUpdateInvalid,
	legacyKeyConditionsInvalid,
	legacyAttributesDuplicate,
	legacyParameters,
	namesWithoutExpressions,
	emptyExpressionMap,
	invalidPlaceholderKey,
	redundantParentheses,
	reservedWord,
	undefinedPlaceholder,
	unusedPlaceholder,
	selectProjectionMismatch,
	uncheckedRequest,

	// About the input itself and dynexpr's own comments, not about what a
	// request asks of DynamoDB.
	syntaxError,
	dslCannotWrite,
	unreadableInput,
	invisibleCharacter,
	unusedIgnore,
	ignoreWithoutReason,
}

var byName = func() map[string]*Rule {
	m := make(map[string]*Rule, len(catalog))
	for _, r := range catalog {
		m[r.Name] = r
	}
	return m
}()

// All returns the catalog sorted by name.
func All() []*Rule {
	out := append([]*Rule(nil), catalog...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the rule called name, or nil.
func Lookup(name string) *Rule { return byName[name] }

// RuleNamed is Lookup for a name the user wrote: for a name no rule has,
// the error says so and names the rule most likely meant (`no rule is
// named "x"; did you mean "y"?`), the one wording of config checks,
// `dynexpr rules NAME` and ignore comments.
func RuleNamed(name string) (*Rule, error) {
	if r := byName[name]; r != nil {
		return r, nil
	}
	msg := fmt.Sprintf("no rule is named %q", name)
	if s := schema.Suggest(name, Names()); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return nil, errors.New(msg)
}

// Names returns every rule name, sorted.
func Names() []string {
	out := make([]string, 0, len(catalog))
	for _, r := range All() {
		out = append(out, r.Name)
	}
	return out
}
