package schema

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMergeKeys: YAML's merge keys, in every YAML source: the entries of
// the mappings merged, those written beside the << winning, and of several
// merged mappings the earlier.
func TestMergeKeys(t *testing.T) {
	s, err := Load("testdata/project/merge.yaml", "testdata/cfn/merge.yaml")
	if err != nil {
		t.Fatal(err)
	}
	archive := s.Table("OrdersArchive")
	if archive == nil {
		t.Fatalf("no OrdersArchive in %v", s.TableNames())
	}
	wantAttrs := map[string]Type{"orderId": String, "tenantId": String, "createdAt": String, "archivedAt": Number}
	if diff := cmp.Diff(wantAttrs, archive.Attributes); diff != "" {
		t.Errorf("attributes merged with a field beside them (-want +got):\n%s", diff)
	}
	var got []string
	for _, ix := range archive.Indexes {
		got = append(got, ix.Name, string(ix.Projection), strings.Join(ix.Key.Attributes(), ","))
	}
	want := []string{
		"by-tenant", "ALL", "tenantId,createdAt", // its own projection wins over the merged one
		"by-archived", "INCLUDE", "tenantId,archivedAt", // the earlier of two merged mappings wins; its own key wins
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("indexes (-want +got):\n%s", diff)
	}
	if tb := s.Table("TicketsArchive"); tb == nil || tb.Key.Partition[0] != "id" {
		t.Errorf("the CloudFormation table built on another's Properties: %+v", tb)
	}
}

func TestMergeKeyErrors(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"tables:\n  Tickets:\n    <<: plain\n    key: {partition: id}\n    attributes: {id: S}\n",
			`IN:3:9: error: a merge key (<<) takes a mapping or a list of mappings, such as *base or [*a, *b], found "plain"`},
		{"tables:\n  Tickets:\n    <<: [{key: {partition: id}}, [1]]\n    attributes: {id: S}\n",
			`IN:3:34: error: a merge key (<<) takes a mapping or a list of mappings, such as *base or [*a, *b], found a list`},
		{"tables:\n  Tickets: &t\n    key: {partition: id}\n    attributes: {id: S}\n    indexes: {<<: *t}\n",
			`IN:5:19: error: this merge key (<<) merges a mapping into itself: merge a mapping that does not contain it`},
		// An alias inside the node it stands for is refused, once, in
		// every YAML source: each reader would follow it without end.
		{"service: s\nprovider: {name: aws}\nresources:\n  Resources: &r\n    TicketsTable:\n      Type: AWS::DynamoDB::Table\n      Properties: {TableName: t-x, AttributeDefinitions: [{AttributeName: id, AttributeType: S}], KeySchema: [{AttributeName: id, KeyType: HASH}], Loop: *r}\n",
			`IN:7:154: error: the alias *r stands for a node that contains it: YAML that contains itself is no schema`},
		{"Resources:\n  TicketsTable:\n    Type: AWS::DynamoDB::Table\n    Properties:\n      TableName: &n !Join [\"-\", [a, *n]]\n      AttributeDefinitions: [{AttributeName: id, AttributeType: S}]\n      KeySchema: [{AttributeName: id, KeyType: HASH}]\n",
			`IN:5:37: error: the alias *n stands for a node that contains it: YAML that contains itself is no schema`},
		// A quoted "<<" is a name, as YAML says.
		{"tables:\n  Tickets:\n    \"<<\": {key: {partition: id}}\n    key: {partition: id}\n    attributes: {id: S}\n",
			`IN:3:5: error: unknown field "<<" in table "Tickets": the fields are "key", "attributes", "indexes", "ttl", "logical" and "item_size"`},
		// JSON has no merge keys.
		{`{"tables": {"Tickets": {"<<": {}, "key": {"partition": "id"}, "attributes": {"id": "S"}}}}`,
			`IN:1:25: error: unknown field "<<" in table "Tickets": the fields are "key", "attributes", "indexes", "ttl", "logical" and "item_size"`},
	} {
		_, err := Parse("IN", []byte(tt.src))
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) = %v, want %s", tt.src, err, tt.want)
		}
	}
}
