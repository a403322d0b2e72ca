package schema

import (
	"maps"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// The example tables, as every format must load them. describe-table and
// CloudFormation only type key attributes (DynamoDB refuses an
// AttributeDefinitions entry no key uses), so these list only those;
// tickets.yaml adds priority and customerId on Tickets.
var (
	wantTickets = []*Table{
		{
			Name:       "Tickets",
			Key:        Key{Partition: []string{"id"}},
			Attributes: map[string]Type{"id": String, "openBucket": String, "openedAt": String},
			Indexes: []*Index{{
				Name:       "open-tickets-index",
				Global:     true,
				Key:        Key{Partition: []string{"openBucket"}, Sort: []string{"openedAt"}},
				Projection: ProjectInclude,
				Include:    []string{"subject", "priority"},
			}},
		},
		{
			Name:       "TicketsByCustomer",
			Key:        Key{Partition: []string{"customerId"}, Sort: []string{"id"}},
			Attributes: map[string]Type{"customerId": String, "id": String, "openedAt": String},
			Indexes: []*Index{{
				Name:       "by-opened",
				Key:        Key{Partition: []string{"customerId"}, Sort: []string{"openedAt"}},
				Projection: ProjectInclude,
				Include:    []string{"subject"},
			}},
		},
	}
	wantEvents = []*Table{{
		Name:       "WorkspaceEvents",
		TTL:        "expiresAt",
		Key:        Key{Partition: []string{"EventPK"}, Sort: []string{"EventSK"}},
		Attributes: map[string]Type{"EventPK": String, "EventSK": String, "GSI1PK": String, "GSI1SK": String, "expiresAt": Number},
		Indexes: []*Index{{
			Name:       "ByActor",
			Global:     true,
			Key:        Key{Partition: []string{"GSI1PK"}, Sort: []string{"GSI1SK"}},
			Projection: ProjectAll,
		}},
	}}
	wantOrders = []*Table{{
		Name:       "Orders",
		Key:        Key{Partition: []string{"orderId"}},
		Attributes: map[string]Type{"orderId": String, "tenantId": String, "region": String, "createdAt": String},
		Indexes: []*Index{{
			Name:       "by-tenant-region",
			Global:     true,
			Key:        Key{Partition: []string{"tenantId", "region"}, Sort: []string{"createdAt", "orderId"}},
			Projection: ProjectKeysOnly,
		}},
	}}
)

var ignorePos = cmpopts.IgnoreTypes(diag.Pos{})

// ignoreOrigin leaves out where a table's name came from: the source's own
// name for it (a template's logical ID), which sources of the same table
// need not share, and why its name is not its deployed one (a name only
// deploying can tell), which the project YAML WriteYAML prints does not
// record, nor the name template it came from, nor whether the source could
// tell the TTL (TestTTLUnknown), nor the functions' environment variables:
// the tables are the same.
var ignoreOrigin = cmp.Options{cmpopts.IgnoreFields(Table{}, "Logical", "Address", "Unresolved", "Template", "TTLUnknown"), cmpopts.IgnoreFields(Schema{}, "Variables", "Notes", "Env")}

// keyTypesOnly drops the declared types of attributes no key uses (but the
// TTL attribute, which every source declares a number), which
// only the project format can declare.
func keyTypesOnly(s *Schema) *Schema {
	for _, t := range s.Tables {
		t.Attributes = maps.Clone(t.Attributes)
		maps.DeleteFunc(t.Attributes, func(a string, _ Type) bool {
			return !t.IsKey(a) && len(t.IndexesWithKey(a)) == 0 && a != t.TTL
		})
	}
	return s
}

func TestExamplesAgree(t *testing.T) {
	for _, group := range []struct {
		want  []*Table
		files []string
	}{
		{wantTickets, []string{"tickets.yaml", "tickets.describe.json", "tickets.cfn.yaml"}},
		// describe-table does not say which attribute is the TTL:
		// describe-time-to-live does, in a file named after the table.
		{wantEvents, []string{"events.yaml", "events.describe.json,WorkspaceEvents.ttl.json", "events.cfn.json"}},
		{wantOrders, []string{"orders.yaml"}},
	} {
		for _, file := range group.files {
			var paths []string
			for f := range strings.SplitSeq(file, ",") {
				paths = append(paths, "../examples/"+f)
			}
			s, err := Load(paths...)
			if err != nil {
				t.Errorf("%s: %v", file, err)
				continue
			}
			if diff := cmp.Diff(&Schema{Tables: group.want}, keyTypesOnly(s), ignorePos, ignoreOrigin); diff != "" {
				t.Errorf("%s: mismatch (-want +got):\n%s", file, diff)
			}
		}
	}
}

func TestExampleNonKeyTypes(t *testing.T) {
	s, err := Load("../examples/tickets.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tickets := s.Table("Tickets")
	for attr, want := range map[string]Type{"priority": Number, "customerId": String, "subject": ""} {
		if got := tickets.AttrType(attr); got != want {
			t.Errorf("AttrType(%q) = %q, want %q", attr, got, want)
		}
	}
}

// TestLoadMerges loads several files into one schema, in order.
func TestLoadMerges(t *testing.T) {
	s, err := Load("../examples/tickets.cfn.yaml", "../examples/events.describe.json", "../examples/orders.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Tickets", "TicketsByCustomer", "WorkspaceEvents", "Orders"}
	if diff := cmp.Diff(want, s.TableNames()); diff != "" {
		t.Errorf("TableNames() mismatch (-want +got):\n%s", diff)
	}
	if got := s.Table("WorkspaceEvents").Pos; got.File != "../examples/events.describe.json" || got.Line != 21 {
		t.Errorf("WorkspaceEvents declared at %v, want ../examples/events.describe.json line 21", got)
	}
	empty, err := Load()
	if err != nil || len(empty.Tables) != 0 {
		t.Errorf("Load() = %v, %v; want an empty schema", empty, err)
	}
}
