package schema

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzTerraform feeds the Terraform reader anything, as a .tf or a .tf.json
// file, with a --var: it must not panic, and its errors and tables are
// checked as FuzzParse checks them. What it loads must be a schema
// CreateTableInputs accepts.
func FuzzTerraform(f *testing.F) {
	for _, pattern := range []string{"testdata/tferrors/*.tf", "testdata/terraform/module/*", "testdata/terraform/expand/*", "testdata/terraform/real/*/*.tf", "../examples/terraform/*.tf"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data, filepath.Ext(file) == ".json", "prod")
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, isJSON bool, stage string) {
		file := "fuzz.tf"
		if isJSON {
			file = "fuzz.tf.json"
		}
		s, err := ParseWith(Options{Vars: map[string]string{"stage": stage}}, file, data)
		if !checkParsed(t, file, data, s, err) {
			return
		}
		if _, err := CreateTableInputs(s); err != nil {
			t.Fatalf("CreateTableInputs refuses a loaded schema: %v", err)
		}
	})
}

// FuzzTerraformShow feeds the reader of terraform show -json anything that
// starts as a state or a plan.
func FuzzTerraformShow(f *testing.F) {
	for _, file := range []string{"testdata/terraform/plan.json", "testdata/tferrors/show-bad.json", "../examples/terraform/show.json"} {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("show.json", data)
		if !checkParsed(t, "show.json", data, s, err) {
			return
		}
		if _, err := CreateTableInputs(s); err != nil {
			t.Fatalf("CreateTableInputs refuses a loaded schema: %v", err)
		}
	})
}
