// Package config is a project's .dynexpr.yaml and the file selection it
// drives: the config format and where it is found, the include, exclude and
// requests patterns (** for any folders), the --requests globs, and the walk
// of a folder that skips what a project does not write its queries in.
package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/internal/textfile"
	"github.com/dynexpr/dynexpr/schema"
	"gopkg.in/yaml.v3"
)

// FileName is the project configuration file, found from the working
// folder upward.
const FileName = ".dynexpr.yaml"

// Config is a project's .dynexpr.yaml:
//
//	schemas: [schema.yaml, infra/template.yaml]
//	include: ["queries/**/*.dx"]
//	exclude: ["queries/scratch/**"]
//	requests: ["fixtures/**/*.json"]
//	code: ["src/**/*.go", "lambdas/**/*.py"]
//	aws_cli: v1
//	env: {ORDERS_TABLE: Orders}
//	rules:
//	  limit-with-filter: off
type Config struct {
	// File is the config file's path; Dir its folder, against which the
	// paths and patterns below are relative.
	File, Dir string
	// Schemas are schema files, already joined to Dir.
	Schemas []string
	// Include and Exclude are glob patterns (** for any folders) choosing
	// which files lint reads when it walks a folder; Requests are patterns
	// of request JSON files to lint by content.
	Include, Exclude, Requests []string
	// Code are patterns of application code files whose DynamoDB
	// requests lint checks (package appcode) when it walks a folder.
	Code []string
	// SchemaPos, IncludePos and RequestsPos say where each of Schemas,
	// Include and Requests is written, for "matches no file".
	SchemaPos, IncludePos, RequestsPos, CodePos []diag.Pos
	// Rules sets rule severities by rule name (off, info, warning, error);
	// RulePos says where each is written, for messages.
	Rules   map[string]string
	RulePos map[string]diag.Pos
	// AWSCLI is the AWS CLI the project's request JSON is for (aws_cli:
	// v1 or v2, v2 when not given); a command's --aws-cli wins.
	AWSCLI builder.AWSCLI
	// Env names the table an environment variable holds, for code that
	// reads its table's name from one (env: {BOOKINGS_TABLE: Bookings});
	// it wins over what the schema's functions are given.
	Env map[string]string
}

// Find looks for .dynexpr.yaml in dir and its parents; it returns nil and
// no error when there is none.
func Find(dir string, limit textfile.Limit) (*Config, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	for {
		p := filepath.Join(dir, FileName)
		if _, err := os.Stat(p); err == nil {
			return Load(p, limit)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, &diag.Error{Pos: diag.Pos{File: p}, Msg: "cannot read the config file: " + err.Error()}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, nil
		}
		dir = parent
	}
}

// Load reads one config file, within limit.
func Load(path string, limit textfile.Limit) (*Config, error) {
	data, err := limit.Read(path)
	if err != nil {
		return nil, &diag.Error{Pos: diag.Pos{File: path}, Msg: "cannot read the config file: " + Cause(err).Error()}
	}
	c := &Config{File: path, Dir: filepath.Dir(path), Rules: map[string]string{}, RulePos: map[string]diag.Pos{}}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, &diag.Error{Pos: diag.Pos{File: path}, Msg: "the config file is not YAML: " + err.Error()}
	}
	if len(root.Content) == 0 {
		return c, nil
	}
	doc := root.Content[0]
	// yaml.v3 counts columns in characters; a diag.Pos counts bytes.
	pos := func(n *yaml.Node) diag.Pos {
		return diag.Pos{File: path, Line: n.Line, Col: diag.ByteColumn(data, n.Line, n.Column)}
	}
	if doc.Kind != yaml.MappingNode {
		return nil, diag.Errorf(pos(doc), "the config file is a map: schemas, include, exclude, requests, rules")
	}
	list := func(n *yaml.Node, key string, at *[]diag.Pos) ([]string, error) {
		if n.Kind == yaml.ScalarNode {
			*at = append(*at, pos(n))
			return []string{n.Value}, nil
		}
		if n.Kind != yaml.SequenceNode {
			return nil, diag.Errorf(pos(n), "%s is a list of paths or patterns, like [%q]", key, "queries/**/*.dx")
		}
		var out []string
		for _, it := range n.Content {
			if it.Kind != yaml.ScalarNode {
				return nil, diag.Errorf(pos(it), "%s is a list of paths or patterns", key)
			}
			out = append(out, it.Value)
			*at = append(*at, pos(it))
		}
		return out, nil
	}
	// patterns reads a list of patterns: each malformed one is an error at
	// its place, and each is cleaned.
	patterns := func(n *yaml.Node, key string, at *[]diag.Pos) ([]string, error) {
		out, err := list(n, key, at)
		for i, p := range out {
			if why := patternProblem(p); why != "" {
				return nil, diag.Errorf((*at)[len(*at)-len(out)+i], "%s pattern %s: %s", key, quote(p), why)
			}
			out[i] = cleanPattern(p)
		}
		return out, err
	}
	var excludePos []diag.Pos // for a bad pattern only: an exclude that matches nothing harms nothing
	for i := 0; i+1 < len(doc.Content); i += 2 {
		k, v := doc.Content[i], doc.Content[i+1]
		var err error
		switch k.Value {
		case "schemas", "schema":
			var files []string
			if files, err = list(v, k.Value, &c.SchemaPos); err == nil {
				for _, f := range files {
					if !filepath.IsAbs(f) {
						f = filepath.Join(c.Dir, f)
					}
					c.Schemas = append(c.Schemas, f)
				}
			}
		case "include":
			c.Include, err = patterns(v, k.Value, &c.IncludePos)
		case "exclude":
			c.Exclude, err = patterns(v, k.Value, &excludePos)
		case "requests":
			c.Requests, err = patterns(v, k.Value, &c.RequestsPos)
		case "code":
			c.Code, err = patterns(v, k.Value, &c.CodePos)
		case "aws_cli":
			if c.AWSCLI, err = builder.ParseAWSCLI(v.Value); err != nil || v.Kind != yaml.ScalarNode {
				return nil, diag.Errorf(pos(v), "aws_cli is the AWS CLI the requests are for: v1 or v2, not %s", quote(v.Value))
			}
		case "rules":
			if v.Kind != yaml.MappingNode {
				return nil, diag.Errorf(pos(v), "rules is a map of rule names to severities, like {limit-with-filter: off}")
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				name, sev := v.Content[j], v.Content[j+1]
				if sev.Kind != yaml.ScalarNode {
					return nil, diag.Errorf(pos(sev), "rule %q takes a severity: off, info, warning or error", name.Value)
				}
				c.Rules[name.Value] = sev.Value
				c.RulePos[name.Value] = pos(name)
			}
		case "env":
			if v.Kind != yaml.MappingNode {
				return nil, diag.Errorf(pos(v), "env is a map of environment variables to the tables they hold, like {BOOKINGS_TABLE: Bookings}")
			}
			c.Env = map[string]string{}
			for j := 0; j+1 < len(v.Content); j += 2 {
				name, table := v.Content[j], v.Content[j+1]
				if table.Kind != yaml.ScalarNode || table.Value == "" || table.Tag == "!!null" {
					return nil, diag.Errorf(pos(table), "environment variable %q takes the name of the table it holds, like %s: Bookings", name.Value, name.Value)
				}
				c.Env[name.Value] = table.Value
			}
		default:
			names := []string{"schemas", "include", "exclude", "requests", "code", "aws_cli", "rules", "env"}
			msg := "unknown setting " + quote(k.Value) + "; the config file takes " + andList(names)
			if s := schema.Suggest(k.Value, names); s != "" {
				msg = "unknown setting " + quote(k.Value) + "; did you mean " + quote(s) + "?"
			}
			return nil, diag.Errorf(pos(k), "%s", msg)
		}
		if err != nil {
			return nil, err
		}
	}
	return c, nil
}

func quote(s string) string { return `"` + s + `"` }

// andList joins quoted words: `"a", "b" and "c"`.
func andList(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = quote(w)
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// Cause is the reason of a file-system error without the path, which the
// message that shows it already names.
func Cause(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}
