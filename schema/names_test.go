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
		if err := s.add(Options{}, tb); err != nil {
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
	if err := s.add(Options{}, &Table{Name: "Users", Pos: at("t.yaml", 1, 1)}); err != nil {
		t.Fatal(err)
	}
	if err := s.add(Options{}, &Table{Name: "Users", Logical: "Other", Pos: at("u.yaml", 1, 1)}); err == nil {
		t.Error("two tables with one name in DynamoDB were accepted")
	}
}

// TestAddNotesAShadowedSourceName: a source's name of one table that is
// another table's name in DynamoDB, in either order, is a note, not an
// error, and the name in DynamoDB picks its table.
func TestAddNotesAShadowedSourceName(t *testing.T) {
	for _, order := range []bool{false, true} {
		legacy := &Table{Name: "users", Logical: "users_legacy", Address: "aws_dynamodb_table.users_legacy", Pos: at("main.tf", 10, 10)}
		v2 := &Table{Name: "users-v2", Logical: "users", Address: "aws_dynamodb_table.users", Pos: at("main.tf", 2, 10)}
		first, second := legacy, v2
		if order {
			first, second = v2, legacy
		}
		opt := Options{notes: &noteLog{}}
		s := &Schema{}
		for _, tb := range []*Table{first, second} {
			if err := s.add(opt, tb); err != nil {
				t.Fatalf("order %v: %v", order, err)
			}
		}
		if got := s.Table("users"); got != legacy {
			t.Errorf("order %v: users is %v, want the table called users in DynamoDB", order, got)
		}
		if got := s.Table("users-v2"); got != v2 {
			t.Errorf("order %v: users-v2 is %v", order, got)
		}
		notes := opt.notes.list()
		want := `table "users-v2" (aws_dynamodb_table.users) is also called "users" by its source, which is the name in DynamoDB of table "users" at main.tf:10:10: a statement naming "users" gets that table; name this one "users-v2" or "aws_dynamodb_table.users"`
		if len(notes) != 1 || notes[0].Msg != want || notes[0].Pos != v2.Pos {
			t.Errorf("order %v: notes %+v, want one at %s:\n%s", order, notes, v2.Pos, want)
		}
	}
}
