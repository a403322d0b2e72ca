package schema

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTTL reads the time-to-live attribute from each source that names one.
func TestTTL(t *testing.T) {
	tests := []struct {
		paths []string
		want  map[string]string // table -> TTL
	}{
		{[]string{"testdata/ttl/cfn.yaml"}, map[string]string{"Sessions": "expiresAt", "Carts": ""}},
		{[]string{"testdata/ttl/project.yaml"}, map[string]string{"Sessions": "expiresAt"}},
		// describe-time-to-live names no table: the file's name up to its
		// first dot does, whichever file comes first.
		{[]string{"testdata/ttl/Sessions.json", "testdata/ttl/Sessions.ttl.json"}, map[string]string{"Sessions": "expiresAt"}},
		{[]string{"testdata/ttl/Sessions.ttl.json", "testdata/ttl/Sessions.json"}, map[string]string{"Sessions": "expiresAt"}},
		// or a TableName member beside TimeToLiveDescription.
		{[]string{"testdata/ttl/named.json", "testdata/ttl/Sessions.json"}, map[string]string{"Sessions": "expiresAt"}},
	}
	for _, tt := range tests {
		s, err := Load(tt.paths...)
		if err != nil {
			t.Errorf("%v: %v", tt.paths, err)
			continue
		}
		got := map[string]string{}
		for _, tb := range s.Tables {
			got[tb.Name] = tb.TTL
		}
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("%v: (-want +got)\n%s", tt.paths, d)
		}
	}
}

func TestTTLErrors(t *testing.T) {
	const unjoined = `which no other schema file defines: name the file after its table (TABLE.ttl.json), add "TableName": "TABLE" beside TimeToLiveDescription, or write ttl: ATTRIBUTE under the table in project YAML`
	tests := []struct {
		paths []string
		want  string
	}{
		{[]string{"testdata/ttl/Sessions.ttl.json"}, `testdata/ttl/Sessions.ttl.json:2:5: error: this describe-time-to-live output is for table "Sessions" (the file's name up to its first "."), ` + unjoined},
		{[]string{"testdata/ttl/disabled.ttl.json", "testdata/ttl/Sessions.json"}, `testdata/ttl/disabled.ttl.json:1:2: error: this describe-time-to-live output is for table "disabled" (the file's name up to its first "."), ` + unjoined},
		{[]string{"testdata/ttl/bad-cfn.yaml"}, "testdata/ttl/bad-cfn.yaml:10:18: error: write Enabled as true or false: dynexpr does not evaluate !If\ntestdata/ttl/bad-cfn.yaml:17:32: error: the TimeToLiveSpecification of table \"Other\" is enabled but has no \"AttributeName\": name the attribute that holds the expiry time, e.g. AttributeName: expiresAt"},
		{[]string{"testdata/ttl/bad-project.yaml"}, `testdata/ttl/bad-project.yaml:5:10: error: expected text for the ttl of table "Sessions", found a list`},
		{[]string{"testdata/ttl/project.yaml", "testdata/ttl/disabled-named.json"}, `testdata/ttl/disabled-named.json:1:27: error: table "Sessions" has time-to-live attribute "expiresAt" at testdata/ttl/project.yaml:2:3, and this describe-time-to-live output says time to live is disabled: keep one`},
		{[]string{"testdata/ttl/bad-type.yaml"}, `testdata/ttl/bad-type.yaml:5:10: error: "expiresAt" is the time-to-live attribute of table "Sessions", and its declared type is S: DynamoDB's time to live reads only numbers (epoch seconds); declare it N`},
		{[]string{"testdata/ttl/templated.yaml", "testdata/ttl/devSessions.ttl.json"}, `testdata/ttl/devSessions.ttl.json:2:5: error: this describe-time-to-live output is for table "devSessions" (the file's name up to its first "."), ` + unjoined},
		{[]string{"testdata/ttl/bad-status.json"}, `testdata/ttl/bad-status.json:1:73: error: unknown TimeToLiveStatus "ON": write ENABLED, ENABLING, DISABLING or DISABLED`},
	}
	for _, tt := range tests {
		_, err := Load(tt.paths...)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%v:\n got %s\nwant %s", tt.paths, got, tt.want)
		}
	}
}

// TestWriteYAMLKeepsEverySourceFact: what project YAML prints of a table
// from any source reads back the same, its logical name and TTL included.
func TestWriteYAMLKeepsEverySourceFact(t *testing.T) {
	s := &Schema{Tables: []*Table{{
		Name: "app-prod-tickets", Logical: "TicketsTable", TTL: "expiresAt",
		Key: Key{Partition: []string{"id"}}, Attributes: map[string]Type{"id": String, "expiresAt": Number},
	}}}
	var buf bytes.Buffer
	if err := WriteYAML(&buf, s); err != nil {
		t.Fatal(err)
	}
	back, err := Parse("written.yaml", buf.Bytes())
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.Bytes())
	}
	if d := cmp.Diff(s, back, ignorePos); d != "" {
		t.Errorf("(-written +read back)\n%s\n%s", d, buf.Bytes())
	}
	if back.Table("TicketsTable") == nil {
		t.Error("the table is not found by its logical name")
	}
}

// TestTTLUnknown tells a source that says a table has no TTL from one that
// cannot say: describe-table output and a create-table input say nothing of
// time to live, until describe-time-to-live output is read beside them.
func TestTTLUnknown(t *testing.T) {
	tests := []struct {
		paths   []string
		table   string
		ttl     string
		unknown bool
	}{
		{[]string{"testdata/ttl/Sessions.json"}, "Sessions", "", true},
		{[]string{"testdata/describe/create-input.json"}, "Files", "", true},
		{[]string{"testdata/ttl/Sessions.json", "testdata/ttl/Sessions.ttl.json"}, "Sessions", "expiresAt", false},
		{[]string{"testdata/ttl/disabled-named.json", "testdata/ttl/Sessions.json"}, "Sessions", "", false},
		{[]string{"testdata/ttl/cfn.yaml"}, "Carts", "", false},
		{[]string{"testdata/ttl/project.yaml"}, "Sessions", "expiresAt", false},
		{[]string{"../examples/terraform"}, "Tickets", "", false},
		{[]string{"../examples/events.describe.json"}, "WorkspaceEvents", "", true},
	}
	for _, tt := range tests {
		s, err := Load(tt.paths...)
		if err != nil {
			t.Errorf("%v: %v", tt.paths, err)
			continue
		}
		tb := s.Table(tt.table)
		if tb == nil {
			t.Errorf("%v: no table %s", tt.paths, tt.table)
			continue
		}
		if tb.TTL != tt.ttl || tb.TTLUnknown != tt.unknown {
			t.Errorf("%v: table %s: TTL %q, unknown %v; want %q, %v", tt.paths, tt.table, tb.TTL, tb.TTLUnknown, tt.ttl, tt.unknown)
		}
	}
}

// TestDiffUnknownTTL: an unknown TTL is not a difference, and a note says
// the TTL was not compared; a known "none" is one.
func TestDiffUnknownTTL(t *testing.T) {
	yaml, err := Load("../examples/events.yaml")
	if err != nil {
		t.Fatal(err)
	}
	described, err := Load("../examples/events.describe.json")
	if err != nil {
		t.Fatal(err)
	}
	if d := Diff(yaml, described); len(d) != 0 {
		t.Errorf("Diff(events.yaml, events.describe.json) = %v, want none: describe-table cannot tell the TTL", d)
	}
	if n := TTLNotCompared(described, yaml); len(n) != 1 {
		t.Errorf("TTLNotCompared = %q, want one note", n)
	}
}
