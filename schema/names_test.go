package schema

import (
	"strings"
	"testing"
)

func TestMatchTemplate(t *testing.T) {
	for _, tt := range []struct {
		template, name string
		want           bool
	}{
		{"*-posts", "dev-posts", true},
		{"*-posts", "-posts", true}, // a part may be empty: a parameter's value may be
		{"*-posts", "dev-post", false},
		{"*-posts", "dev-posts-x", false},
		{"app-*-tickets", "app-dev-tickets", true},
		{"app-*-tickets", "app-tickets", false}, // the two "-" are both written
		{"*-*-tickets", "desk-dev-tickets", true},
		{"a*b*c", "abbc", true},
		{"a*b*c", "acb", false},
		{"plain", "plain", true},
		{"plain", "plainer", false},
		{"", "anything", false},
	} {
		if got := MatchTemplate(tt.template, tt.name); got != tt.want {
			t.Errorf("MatchTemplate(%q, %q) = %v, want %v", tt.template, tt.name, got, tt.want)
		}
	}
}

func TestNameTemplate(t *testing.T) {
	for in, want := range map[string]string{"*-users": "*-users", "**-x": "*-x", "*": "", "**": "", "a-*-*": "a-*-*"} {
		if got := nameTemplate(in); got != want {
			t.Errorf("nameTemplate(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLookupAmbiguity(t *testing.T) {
	users := func(file, logical, name string) *Table {
		return &Table{Name: name, Logical: logical, Key: Key{Partition: []string{"pk"}}, Pos: at(file, 5, 18)}
	}
	a, b := users("a.yaml", "UsersTable", "users-a"), users("b.yaml", "UsersTable", "users-b")
	posts := &Table{Name: "Posts", Unresolved: "AWS::StackName ...", Template: "*-posts", Pos: at("p.yaml", 2, 3)}
	drafts := &Table{Name: "Drafts", Unresolved: "AWS::StackName ...", Template: "*-drafts", Pos: at("p.yaml", 9, 3)}
	vdrafts := &Table{Name: "Any", Unresolved: "Stage ...", Template: "*v-drafts", Pos: at("q.yaml", 2, 3)}
	cdkA := &Table{Name: "a-table", Logical: "Table", Address: "StackA/Table", Pos: at("A.json", 1, 1)}
	cdkB := &Table{Name: "TableCD117FA1", Logical: "Table", Address: "StackB/Table", Unresolved: "no TableName", Pos: at("B.json", 1, 1)}
	s := &Schema{}
	for _, tb := range []*Table{a, b, posts, drafts, vdrafts, cdkA, cdkB} {
		if err := s.add(tb); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		name       string
		table      *Table
		candidates []*Table
		template   bool
	}{
		{"users-a", a, nil, false},
		{"arn:aws:dynamodb:us-east-1:123456789012:table/users-b", b, nil, false},
		{"UsersTable", nil, []*Table{a, b}, false},
		{"Posts", posts, nil, false},                          // an unresolved table's own name
		{"dev-posts", posts, nil, true},                       // a deployed name fitting one template
		{"dev-drafts", nil, []*Table{drafts, vdrafts}, false}, // fitting two
		{"prod-drafts", drafts, nil, true},
		{"Table", nil, []*Table{cdkA, cdkB}, false},
		{"StackA/Table", cdkA, nil, false},
		{"StackB/Table", cdkB, nil, false},
		{"nope", nil, nil, false},
	} {
		l := s.Lookup(tt.name)
		if l.Table != tt.table || len(l.Candidates) != len(tt.candidates) || l.ByTemplate != tt.template {
			t.Errorf("Lookup(%q) = %+v, want table %v, candidates %v, by template %v", tt.name, l, tt.table, tt.candidates, tt.template)
			continue
		}
		for i := range tt.candidates {
			if l.Candidates[i] != tt.candidates[i] {
				t.Errorf("Lookup(%q).Candidates[%d] = %s, want %s", tt.name, i, l.Candidates[i].Name, tt.candidates[i].Name)
			}
		}
		if s.Table(tt.name) != tt.table {
			t.Errorf("Table(%q) = %v, want %v", tt.name, s.Table(tt.name), tt.table)
		}
		if msg := l.Ambiguous(tt.name, s); (msg != "") != (tt.candidates != nil) {
			t.Errorf("Lookup(%q).Ambiguous() = %q", tt.name, msg)
		}
	}
	want := `table "dev-drafts" is ambiguous: it may be Drafts (name in DynamoDB unknown, "*-drafts") at p.yaml:9:3 or Any (name in DynamoDB unknown, "*v-drafts") at q.yaml:2:3; give each table its name in DynamoDB (--var), then write that name`
	if got := s.Lookup("dev-drafts").Ambiguous("dev-drafts", s); got != want {
		t.Errorf("Ambiguous:\n got %s\nwant %s", got, want)
	}
	if got := s.Lookup("Table").Ambiguous("Table", s); !strings.HasSuffix(got, "write the one you mean as \"a-table\", `StackA/Table` or `StackB/Table`") {
		t.Errorf("Ambiguous(Table) = %s", got)
	}
}

func TestAddRefusesADeployedNameTaken(t *testing.T) {
	s := &Schema{}
	logicalUsers := &Table{Name: "prod-users", Logical: "Users", Pos: at("t.yaml", 1, 1)}
	unresolvedUsers := &Table{Name: "Users", Unresolved: "x", Pos: at("u.yaml", 1, 1)}
	if err := s.add(logicalUsers); err != nil {
		t.Fatal(err)
	}
	if err := s.add(unresolvedUsers); err != nil {
		t.Fatalf("two tables may share a source's name: %v", err)
	}
	// A table called Users in DynamoDB, after or before those that the
	// sources call Users: either order is refused.
	if err := s.add(&Table{Name: "Users", Pos: at("y.yaml", 1, 1)}); err == nil {
		t.Error("a deployed name another table answers to was accepted")
	}
	s2 := &Schema{}
	_ = s2.add(&Table{Name: "Users", Pos: at("y.yaml", 1, 1)})
	if err := s2.add(logicalUsers); err == nil {
		t.Error("a source's name that is another table's deployed name was accepted")
	}
}
