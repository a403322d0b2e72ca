// Command gencode writes a tree of application code for timing lint --code:
// Go, Python, JavaScript, TypeScript, Java and Kotlin files of realistic
// sizes (a few hundred bytes to some tens of KB) and shapes (imports,
// classes, functions, loops, comments, string literals), of which about
// one in thirty holds DynamoDB requests: the SDK samples of the readers'
// own test cases (appcode/testdata/read, lint/testdata/code) set among the
// rest. The other files spell none of Expression, expression or Statement,
// so that they are the files the prefilter drops. The output is the same
// for the same arguments; run it from the repository's root.
//
//	go run ./bench/gencode DIR MEGABYTES
package main

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// langs are the extensions written, each with its weight in the tree.
var langs = []struct {
	ext    string
	weight int
}{{".go", 20}, {".py", 20}, {".ts", 20}, {".js", 10}, {".java", 20}, {".kt", 10}}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: gencode DIR MEGABYTES")
		os.Exit(2)
	}
	mb, err := strconv.Atoi(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "gencode: MEGABYTES:", err)
		os.Exit(2)
	}
	samples, err := loadSamples()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gencode:", err)
		os.Exit(1)
	}
	rnd := rand.New(rand.NewSource(1))
	total, target := 0, mb<<20
	files, with := 0, 0
	for n := 0; total < target; n++ {
		ext := pickExt(rnd)
		// Twenty services, their packages of about fifteen files each.
		dir := filepath.Join(os.Args[1], fmt.Sprintf("svc%02d", n%20), fmt.Sprintf("pkg%03d", n/(20*15)))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "gencode:", err)
			os.Exit(1)
		}
		size := fileSize(rnd)
		var sample string
		if rnd.Intn(30) == 0 && len(samples[ext]) > 0 {
			sample = samples[ext][rnd.Intn(len(samples[ext]))]
			with++
		}
		src := source(rnd, ext, size, sample)
		name := filepath.Join(dir, fmt.Sprintf("f%06d%s", n, ext))
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gencode:", err)
			os.Exit(1)
		}
		total += len(src)
		files++
	}
	fmt.Printf("%d files, %d bytes, %d with DynamoDB requests\n", files, total, with)
}

func pickExt(rnd *rand.Rand) string {
	sum := 0
	for _, l := range langs {
		sum += l.weight
	}
	k := rnd.Intn(sum)
	for _, l := range langs {
		if k < l.weight {
			return l.ext
		}
		k -= l.weight
	}
	return langs[0].ext
}

// fileSize is skewed as source trees are: most files a few KB, some large.
func fileSize(rnd *rand.Rand) int {
	switch k := rnd.Intn(100); {
	case k < 60:
		return 500 + rnd.Intn(6000)
	case k < 90:
		return 6000 + rnd.Intn(20000)
	default:
		return 25000 + rnd.Intn(60000)
	}
}

// loadSamples reads the DynamoDB code samples by extension: the readers'
// test files, and the Go files of lint's code cases.
func loadSamples() (map[string][]string, error) {
	out := map[string][]string{}
	files, err := filepath.Glob("appcode/testdata/read/*")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		ext := filepath.Ext(f)
		if ext == ".want" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		out[ext] = append(out[ext], string(data))
		if ext == ".ts" { // JavaScript is TypeScript without the types, near enough
			out[".js"] = append(out[".js"], string(data))
		}
	}
	archives, err := filepath.Glob("lint/testdata/code/*.txtar")
	if err != nil {
		return nil, err
	}
	for _, a := range archives {
		ar, err := txtar.ParseFile(a)
		if err != nil {
			return nil, err
		}
		for _, f := range ar.Files {
			if filepath.Ext(f.Name) == ".go" {
				out[".go"] = append(out[".go"], string(f.Data))
			}
		}
	}
	if len(out[".go"]) == 0 || len(out[".py"]) == 0 {
		return nil, fmt.Errorf("no samples found: run gencode from the repository's root")
	}
	return out, nil
}

var words = strings.Fields("user order item account session cache token payload record batch " +
	"invoice ticket event queue worker handler config client request response buffer index " +
	"value result status count total limit offset cursor page filter region bucket stream")

func word(rnd *rand.Rand) string { return words[rnd.Intn(len(words))] }

func camel(rnd *rand.Rand) string {
	w := word(rnd)
	return strings.ToUpper(w[:1]) + w[1:] + strings.ToUpper(word(rnd)[:1]) + word(rnd)[1:]
}

// source is a file of about size bytes in the language of ext, with sample
// (a DynamoDB sample, possibly "") in its middle. A sample is a whole file,
// so its imports and package clause come first where the language wants
// them; the filler follows as more functions.
func source(rnd *rand.Rand, ext string, size int, sample string) string {
	var b strings.Builder
	if sample != "" {
		b.WriteString(sample)
		b.WriteString("\n")
	} else {
		b.WriteString(header(rnd, ext))
	}
	for b.Len() < size {
		b.WriteString(function(rnd, ext))
	}
	return b.String()
}

func header(rnd *rand.Rand, ext string) string {
	switch ext {
	case ".go":
		return fmt.Sprintf("// Package %s keeps the %s of each %s.\npackage %s\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\t\"strings\"\n)\n\n", word(rnd), word(rnd), word(rnd), word(rnd))
	case ".py":
		return fmt.Sprintf("\"\"\"The %s of each %s, kept in a %s.\"\"\"\nimport json\nimport logging\nfrom typing import Any, Dict, List\n\nlog = logging.getLogger(%q)\n\n", word(rnd), word(rnd), word(rnd), word(rnd))
	case ".ts", ".js":
		return fmt.Sprintf("import { %s } from \"./%s\";\nimport * as path from \"path\";\n\n// The %s of each %s.\n", camel(rnd), word(rnd), word(rnd), word(rnd))
	case ".java":
		return fmt.Sprintf("package com.example.%s;\n\nimport java.util.List;\nimport java.util.Map;\nimport java.util.ArrayList;\n\n/** The %s of each %s. */\npublic final class %s {\n", word(rnd), word(rnd), word(rnd), camel(rnd))
	case ".kt":
		return fmt.Sprintf("package com.example.%s\n\nimport kotlin.collections.List\n\n/** The %s of each %s. */\n", word(rnd), word(rnd), word(rnd))
	}
	return ""
}

// function is one function of the language: a doc comment, a loop, a
// condition, string literals with quotes and escapes, a map or list.
func function(rnd *rand.Rand, ext string) string {
	n, a, c, w := camel(rnd), word(rnd), word(rnd), word(rnd)
	k := rnd.Intn(1000)
	switch ext {
	case ".go":
		return fmt.Sprintf(`// %s returns the %s of each %s, or an error when one is missing.
func %s(ctx context.Context, %ss []string, limit int) (map[string]int, error) {
	out := make(map[string]int, len(%ss))
	for i, %s := range %ss {
		if i >= limit {
			return nil, fmt.Errorf("%s %%q: more than %%d (\"%d\")", %s, limit)
		}
		out[strings.ToLower(%s)] += len(%s) * %d
	}
	return out, nil
}

`, n, a, c, n, c, c, w, c, a, k, w, w, w, k)
	case ".py":
		return fmt.Sprintf(`def %s_%s(%ss: List[str], limit: int = %d) -> Dict[str, Any]:
    # Count the %s of each %s; "%s" is the default.
    out = {"name": '%s', "items": []}
    for i, %s in enumerate(%ss):
        if i >= limit:
            raise ValueError(f"too many {%s!r}: %%d" %% limit)
        out["items"].append({"%s": %s, "n": i * %d})
    log.debug("done with %%s", json.dumps(out))
    return out


`, a, c, w, k, a, c, w, a, w, w, w, a, w, k)
	case ".ts", ".js":
		typ := ""
		if ext == ".ts" {
			typ = ": string[]"
		}
		return fmt.Sprintf(`/** %s returns the %s of each %s. */
export function %s(%ss%s, limit = %d) {
  const out = { name: "%s", items: [] as unknown[], re: /[a-z'"]+/g };
  for (let i = 0; i < %ss.length; i++) {
    if (i >= limit) {
      throw new Error(`+"`too many ${%ss[i]}: ${limit}`"+`);
    }
    out.items.push({ %s: %ss[i], n: i * %d, path: path.join("%s", '%s') });
  }
  return out;
}

`, n, a, c, strings.ToLower(n[:1])+n[1:], w, typ, k, a, w, w, a, w, k, c, a)
	case ".java":
		return fmt.Sprintf(`    /** Returns the %s of each %s. */
    public static Map<String, Integer> %s(List<String> %ss, int limit) {
        Map<String, Integer> out = new java.util.HashMap<>();
        for (int i = 0; i < %ss.size(); i++) {
            if (i >= limit) {
                throw new IllegalArgumentException("too many \"%s\": " + limit);
            }
            out.merge(%ss.get(i).toLowerCase(), i * %d, Integer::sum); // %s
        }
        return out;
    }

`, a, c, strings.ToLower(n[:1])+n[1:], w, w, a, w, k, c)
	case ".kt":
		return fmt.Sprintf(`/** Returns the %s of each %s. */
fun %s(%ss: List<String>, limit: Int = %d): Map<String, Int> {
    val out = mutableMapOf<String, Int>()
    for ((i, %s) in %ss.withIndex()) {
        require(i < limit) { "too many \"$%s\": $limit" }
        out[%s.lowercase()] = (out[%s] ?: 0) + i * %d /* %s */
    }
    return out
}

`, a, c, strings.ToLower(n[:1])+n[1:], w, k, a, w, a, a, a, k, c)
	}
	return ""
}
