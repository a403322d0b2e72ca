package schema

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"gopkg.in/yaml.v3"
)

// tfAnswer is a table of the answer key of testdata/terraform/real, as
// read by hand.
type tfAnswer struct {
	Logical    string          `yaml:"logical"`
	Template   string          `yaml:"template"`
	Key        tfAnswerKey     `yaml:"key"`
	Attributes map[string]Type `yaml:"attributes"`
	TTL        string          `yaml:"ttl"`
	Indexes    yaml.Node       `yaml:"indexes"` // a mapping, in declaration order
}

type tfAnswerKey struct {
	Partition string `yaml:"partition"`
	Sort      string `yaml:"sort"`
}

type tfAnswerIndex struct {
	Type       string         `yaml:"type"`
	Key        tfAnswerKey    `yaml:"key"`
	Projection ProjectionType `yaml:"projection"`
	Include    []string       `yaml:"include"`
}

func (k tfAnswerKey) key() Key {
	out := Key{Partition: []string{k.Partition}}
	if k.Sort != "" {
		out.Sort = []string{k.Sort}
	}
	return out
}

// table is the Table the answer describes, called name.
func (a *tfAnswer) table(t *testing.T, name string) *Table {
	out := &Table{Name: name, Logical: a.Logical, Template: a.Template, TTL: a.TTL, Key: a.Key.key(), Attributes: a.Attributes}
	for i := 0; i+1 < len(a.Indexes.Content); i += 2 {
		var ix tfAnswerIndex
		if err := a.Indexes.Content[i+1].Decode(&ix); err != nil {
			t.Fatal(err)
		}
		out.Indexes = append(out.Indexes, &Index{
			Name: a.Indexes.Content[i].Value, Global: ix.Type == "global", Key: ix.Key.key(),
			Projection: ProjectionType(strings.ToUpper(string(ix.Projection))), Include: ix.Include,
		})
	}
	return out
}

// TestTerraformReal: every folder of public Terraform files in
// testdata/terraform/real (README in each says where it comes from) loads,
// and every table in it is read as the answer key says.
func TestTerraformReal(t *testing.T) {
	const dir = "testdata/terraform/real"
	data, err := os.ReadFile(filepath.Join(dir, "answers.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var answers map[string]map[string]*tfAnswer
	if err := yaml.Unmarshal(data, &answers); err != nil {
		t.Fatal(err)
	}
	folders, _ := filepath.Glob(filepath.Join(dir, "*", "README"))
	if len(folders) < 25 {
		t.Errorf("%d folders of real files, want at least 25", len(folders))
	}
	tables := 0
	for _, readme := range folders {
		folder := filepath.Dir(readme)
		project := filepath.Base(folder)
		t.Run(project, func(t *testing.T) {
			want, ok := answers[project]
			if !ok {
				t.Fatalf("%s has no answer in answers.yaml", project)
			}
			s, err := Load(folder)
			if err != nil {
				t.Fatalf("%s refused: %v", folder, err)
			}
			var wantTables []*Table
			for name, a := range want {
				// The key holds the name as the file writes it; a table
				// holds it as a matcher (tfNameTemplate, TestTFNameTemplate).
				w := a.table(t, name)
				w.Template = tfNameTemplate(w.Template)
				wantTables = append(wantTables, w)
			}
			byName := func(a, b *Table) int { return strings.Compare(a.Name, b.Name) }
			slices.SortFunc(wantTables, byName)
			got := slices.Clone(s.Tables)
			slices.SortFunc(got, byName)
			if diff := cmp.Diff(wantTables, got, ignorePos, cmpopts.IgnoreFields(Table{}, "Unresolved"), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("mismatch with the answer key (-want +got):\n%s", diff)
			}
			for _, tb := range got {
				if tb.Template != "" && tb.Unresolved == "" {
					t.Errorf("table %s: template %q but no unresolved: a name template is only for a name that cannot be evaluated", tb.Name, tb.Template)
				}
			}
			tables += len(got)
		})
	}
	for project := range answers {
		if _, err := os.Stat(filepath.Join(dir, project, "README")); err != nil {
			t.Errorf("answers.yaml has %s, which is no folder with a README here", project)
		}
	}
	t.Logf("%d folders, %d tables", len(folders), tables)
}

func TestTFNameTemplate(t *testing.T) {
	for written, want := range map[string]string{
		"${var.env}-posts":                      "*-posts",
		"shop-${var.env}-default":               "shop-*-default",
		"${var.a}${var.b}-x":                    "*-x",
		"${local.posts_table}":                  "",
		`${replace("${var.p}_c", "_", "-")}`:    "",
		`${format("%s-t", var.p)}-${var.stage}`: "*-*",
		"${var.open":                            "",
		"plain":                                 "plain",
	} {
		if got := tfNameTemplate(written); got != want {
			t.Errorf("tfNameTemplate(%q) = %q, want %q", written, got, want)
		}
	}
}
