package schema

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func loadExamples(t *testing.T) *Schema {
	t.Helper()
	s, err := Load("../examples/tickets.yaml", "../examples/events.yaml", "../examples/orders.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestLookups(t *testing.T) {
	s := loadExamples(t)
	if diff := cmp.Diff([]string{"Tickets", "TicketsByCustomer", "WorkspaceEvents", "Orders"}, s.TableNames()); diff != "" {
		t.Errorf("TableNames() (-want +got):\n%s", diff)
	}
	if s.Table("tickets") != nil || s.Table("Nope") != nil {
		t.Error("Table() found a table that is not there (names are case-sensitive)")
	}
	tickets := s.Table("Tickets")
	if tickets == nil || tickets.Name != "Tickets" {
		t.Fatalf("Table(Tickets) = %v", tickets)
	}
	if ix := tickets.Index("open-tickets-index"); ix == nil || !ix.Global {
		t.Errorf("Index(open-tickets-index) = %v, want the global index", ix)
	}
	if tickets.Index("by-opened") != nil {
		t.Error("Tickets.Index(by-opened) found another table's index")
	}
	if diff := cmp.Diff([]string{"open-tickets-index"}, tickets.IndexNames()); diff != "" {
		t.Errorf("IndexNames() (-want +got):\n%s", diff)
	}
	for attr, want := range map[string]Type{"id": String, "priority": Number, "openBucket": String, "subject": ""} {
		if got := tickets.AttrType(attr); got != want {
			t.Errorf("AttrType(%q) = %q, want %q", attr, got, want)
		}
	}
	byCustomer := s.Table("TicketsByCustomer")
	for attr, want := range map[string]bool{"customerId": true, "id": true, "openedAt": false, "subject": false} {
		if got := byCustomer.IsKey(attr); got != want {
			t.Errorf("TicketsByCustomer.IsKey(%q) = %v, want %v", attr, got, want)
		}
	}
}

func TestIndexesWithKey(t *testing.T) {
	s := loadExamples(t)
	names := func(ixs []*Index) []string {
		var out []string
		for _, ix := range ixs {
			out = append(out, ix.Name)
		}
		return out
	}
	tests := []struct {
		table, attr string
		want        []string
	}{
		{"Tickets", "openBucket", []string{"open-tickets-index"}}, // the sparse index
		{"Tickets", "openedAt", []string{"open-tickets-index"}},
		{"Tickets", "id", nil},
		{"Tickets", "subject", nil},
		{"TicketsByCustomer", "openedAt", []string{"by-opened"}},
		{"TicketsByCustomer", "customerId", []string{"by-opened"}},
		{"Orders", "region", []string{"by-tenant-region"}},
		{"Orders", "orderId", []string{"by-tenant-region"}},
	}
	for _, tt := range tests {
		got := names(s.Table(tt.table).IndexesWithKey(tt.attr))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s.IndexesWithKey(%q) (-want +got):\n%s", tt.table, tt.attr, diff)
		}
	}
}

func TestProjects(t *testing.T) {
	s := loadExamples(t)
	tests := []struct {
		table, index, attr string
		want               bool
	}{
		// INCLUDE: table keys, index keys, the include list.
		{"Tickets", "open-tickets-index", "id", true},
		{"Tickets", "open-tickets-index", "openBucket", true},
		{"Tickets", "open-tickets-index", "openedAt", true},
		{"Tickets", "open-tickets-index", "subject", true},
		{"Tickets", "open-tickets-index", "priority", true},
		{"Tickets", "open-tickets-index", "body", false},
		{"Tickets", "open-tickets-index", "customerId", false},
		{"TicketsByCustomer", "by-opened", "id", true},
		{"TicketsByCustomer", "by-opened", "subject", true},
		{"TicketsByCustomer", "by-opened", "priority", false},
		// ALL: everything.
		{"WorkspaceEvents", "ByActor", "payload", true},
		// KEYS_ONLY: the keys of both, every attribute of a multi-attribute key.
		{"Orders", "by-tenant-region", "orderId", true},
		{"Orders", "by-tenant-region", "tenantId", true},
		{"Orders", "by-tenant-region", "region", true},
		{"Orders", "by-tenant-region", "createdAt", true},
		{"Orders", "by-tenant-region", "total", false},
	}
	for _, tt := range tests {
		tb := s.Table(tt.table)
		if got := tb.Index(tt.index).Projects(tt.attr, tb); got != tt.want {
			t.Errorf("%s.%s.Projects(%q) = %v, want %v", tt.table, tt.index, tt.attr, got, tt.want)
		}
	}
	// Without the table, only the index's own keys (and its projection) count.
	tickets := s.Table("Tickets")
	if tickets.Index("open-tickets-index").Projects("id", nil) {
		t.Error("Projects(id, nil) = true, want false: the table key is not known")
	}
}

func TestKeyAttributes(t *testing.T) {
	s := loadExamples(t)
	ix := s.Table("Orders").Index("by-tenant-region")
	want := []string{"tenantId", "region", "createdAt", "orderId"}
	got := ix.KeyAttributes()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("KeyAttributes() (-want +got):\n%s", diff)
	}
	got[0] = "changed" // the result is the caller's
	if ix.Key.Partition[0] != "tenantId" {
		t.Error("changing KeyAttributes()'s result changed the index")
	}
	if diff := cmp.Diff([]string{"id"}, s.Table("Tickets").Key.Attributes()); diff != "" {
		t.Errorf("Key.Attributes() (-want +got):\n%s", diff)
	}
}

func TestSuggest(t *testing.T) {
	fields := []string{"type", "key", "projection", "include"}
	tests := []struct {
		name       string
		candidates []string
		want       string
	}{
		{"projecton", fields, "projection"},
		{"projetcion", fields, "projection"}, // a swap is one edit
		{"Projection", fields, "projection"}, // case is ignored
		{"keys", fields, "key"},
		{"includes", fields, "include"},
		{"tpye", fields, "type"},
		{"colour", fields, ""},
		{"", fields, ""},
		{"x", []string{"y"}, ""}, // not a suggestion: nothing in common
		{"tickets", []string{"Tickets", "TicketsByCustomer"}, "Tickets"},
		{"Ticket", []string{"Tickets", "TicketsByCustomer"}, "Tickets"},
		{"open-ticket-index", []string{"open-tickets-index", "by-opened"}, "open-tickets-index"},
		{"WorkspaceEvent", []string{"WorkspaceEvents", "Orders"}, "WorkspaceEvents"},
		{"Orders", nil, ""},
		{"ab", []string{"ac", "ab"}, "ab"},    // exact match wins
		{"ab", []string{"ac", "ad"}, "ac"},    // ties: the first
		{"évent", []string{"event"}, "event"}, // runes, not bytes
	}
	for _, tt := range tests {
		if got := Suggest(tt.name, tt.candidates); got != tt.want {
			t.Errorf("Suggest(%q, %q) = %q, want %q", tt.name, tt.candidates, got, tt.want)
		}
	}
}

// TestEverySourceNamed: every format a user can give has a name in the one
// list help texts and messages read, and Sources lists each once.
func TestEverySourceNamed(t *testing.T) {
	listed := map[string]int{}
	for _, s := range Sources() {
		listed[s.Name]++
	}
	for f := formatUnknown + 1; f <= formatLast; f++ {
		if f == formatTFJSON {
			continue // Terraform's JSON form, named with formatTerraform
		}
		if int(f) >= len(sources) || sources[f].Name == "" {
			t.Errorf("format %d has no name in sources", f)
			continue
		}
		if listed[sources[f].Name] != 1 {
			t.Errorf("Sources lists %q %d times, want once", sources[f].Name, listed[sources[f].Name])
		}
	}
}

func TestParseSize(t *testing.T) {
	for text, want := range map[string]int64{"500": 500, "500B": 500, "3.5KB": 3584, "2 KB": 2048, "1.6kb": 1639, "0.5": 1, "400KB": 409600} {
		if got, err := ParseSize(text); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", text, got, err, want)
		}
	}
	for _, bad := range []string{"", "KB", "1.2.3", "-1", "1e3", "401KB", "2GB"} {
		if _, err := ParseSize(bad); err == nil {
			t.Errorf("ParseSize(%q): no error", bad)
		}
	}
}
