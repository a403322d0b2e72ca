package schema

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCDKOutExample: --schema examples/cdk.out follows manifest.json to
// the stack's template, which describes the tables of tickets.yaml and
// events.yaml (key types only), each also known by its construct's name.
func TestCDKOutExample(t *testing.T) {
	_, want := printedKeyTypes(t, "../examples/tickets.yaml", "../examples/events.yaml")
	s, got := printedKeyTypes(t, "../examples/cdk.out")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("cdk.out differs from tickets.yaml + events.yaml (-want +got):\n%s", diff)
	}
	for construct, name := range map[string]string{"TicketsTable": "Tickets", "ByCustomerTable": "TicketsByCustomer", "EventsTable": "WorkspaceEvents"} {
		if tb := s.Table(construct); tb == nil || tb.Name != name {
			t.Errorf("Table(%q) = %+v, want table %q", construct, tb, name)
		}
	}
}

func TestCDKConstructNames(t *testing.T) {
	const file = "testdata/cdk/history.json"
	for _, tt := range []struct {
		vars map[string]string
		want []string // Name, Logical, Unresolved
	}{
		{nil, []string{
			"HistoryTable24A0CCCB", "HistoryTable", `resource "HistoryTable24A0CCCB" at testdata/cdk/history.json:3:5 has no TableName, so CloudFormation makes one up when it creates the table: pin the name with TableName, or pass --var HistoryTable=NAME (its name in DynamoDB)`,
			"audit", "Log", "",
		}},
		{map[string]string{"HistoryTable": "HistoryStack-HistoryTable24A0CCCB-1X2Y3Z"}, []string{
			"HistoryStack-HistoryTable24A0CCCB-1X2Y3Z", "HistoryTable", "",
			"audit", "Log", "",
		}},
	} {
		s, err := LoadWith(Options{Vars: tt.vars}, file)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, origins(s)); diff != "" {
			t.Errorf("vars %v (-want +got):\n%s", tt.vars, diff)
		}
	}
}

func TestCDKOutErrors(t *testing.T) {
	_, err := Load("testdata/cdk/nostack.out")
	want := `testdata/cdk/nostack.out/manifest.json: error: the CDK manifest lists no stack (no artifact of type "aws:cloudformation:stack"): run cdk synth, or name the templates with --schema`
	if err == nil || err.Error() != want {
		t.Errorf("Load(nostack.out) = %v, want %s", err, want)
	}
}
