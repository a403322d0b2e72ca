package cli

import (
	"bytes"
	"encoding/json"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionOf reads the version a binary prints from build information
// as `go build` and `go install` record it.
func TestVersionOf(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	main := func(v string) debug.Module { return debug.Module{Path: "github.com/dynexpr/dynexpr", Version: v} }
	const rev = "5571ae9c0e1f2b3a4d5e6f708192a3b4c5d6e7f8"
	for _, tc := range []struct {
		name   string
		bi     *debug.BuildInfo
		ok     bool
		linked string
		want   string
	}{
		// go install github.com/dynexpr/dynexpr/cmd/dynexpr@v1.2.3: the
		// module proxy has no repository, so no vcs settings.
		{"release", &debug.BuildInfo{Main: main("v1.2.3")}, true, "", "v1.2.3"},
		// @main or @<commit>: a pseudo-version, which names the commit.
		{"pseudo-version", &debug.BuildInfo{Main: main("v0.0.0-20260102030405-0123456789ab")}, true, "", "v0.0.0-20260102030405-0123456789ab"},
		// go build in a checkout: (devel), and the commit Go recorded.
		{"checkout", &debug.BuildInfo{Main: main("(devel)"), Settings: settings("vcs.revision", rev, "vcs.time", "2026-01-02T03:04:05Z", "vcs.modified", "false")}, true, "",
			"devel (commit " + rev + ", 2026-01-02T03:04:05Z)"},
		{"checkout modified", &debug.BuildInfo{Main: main("(devel)"), Settings: settings("vcs.revision", rev, "vcs.modified", "true")}, true, "",
			"devel (commit " + rev + ", modified)"},
		// Go 1.24 and later stamp a checkout's version from its tag.
		{"tagged checkout", &debug.BuildInfo{Main: main("v1.2.3"), Settings: settings("vcs.revision", rev)}, true, "", "v1.2.3 (commit " + rev + ")"},
		{"tagged checkout modified", &debug.BuildInfo{Main: main("v1.2.4-0.20260102030405-5571ae9c0e1f+dirty"), Settings: settings("vcs.revision", rev, "vcs.modified", "true")}, true, "",
			"v1.2.4-0.20260102030405-5571ae9c0e1f+dirty (commit " + rev + ", modified)"},
		// -ldflags -X ...cli.version=v9.9.9 wins over the module's.
		{"linked", &debug.BuildInfo{Main: main("(devel)"), Settings: settings("vcs.revision", rev)}, true, "v9.9.9", "v9.9.9 (commit " + rev + ")"},
		{"no build information", nil, false, "", "devel"},
		{"test binary", &debug.BuildInfo{Main: debug.Module{Path: "github.com/dynexpr/dynexpr"}}, true, "", "devel"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := versionOf(tc.bi, tc.ok, tc.linked).String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestPseudoVersionCommit(t *testing.T) {
	for v, want := range map[string]string{
		"v0.0.0-20260102030405-0123456789ab":              "0123456789ab",
		"v1.2.4-0.20260102030405-0123456789ab":            "0123456789ab",
		"v1.2.4-pre.0.20260102030405-0123456789ab":        "0123456789ab",
		"v2.0.0-20260102030405-0123456789ab+incompatible": "0123456789ab",
		"v1.2.3":              "",
		"v1.2.3-rc.1":         "",
		"v1.2.3-0123456789ab": "",
		"(devel)":             "",
		"":                    "",
	} {
		if got := pseudoVersionCommit(v); got != want {
			t.Errorf("pseudoVersionCommit(%q) = %q, want %q", v, got, want)
		}
	}
}

// TestVersionJSON checks what `dynexpr version --json` prints for a
// bug report, from the build information of an installed binary.
func TestVersionJSON(t *testing.T) {
	fake := &debug.BuildInfo{
		GoVersion: "go1.26.8",
		Main:      debug.Module{Path: "github.com/dynexpr/dynexpr", Version: "v1.2.3"},
		Deps: []*debug.Module{
			{Path: "github.com/spf13/cobra", Version: "v1.10.2"},
			{Path: "gopkg.in/yaml.v3", Version: "v3.0.1", Replace: &debug.Module{Path: "../yaml", Version: ""}},
		},
		Settings: []debug.BuildSetting{{Key: "CGO_ENABLED", Value: "0"}},
	}
	saved := readBuildInfo
	readBuildInfo = func() (*debug.BuildInfo, bool) { return fake, true }
	t.Cleanup(func() { readBuildInfo = saved })

	var stdout, stderr bytes.Buffer
	if code := Run([]string{"version", "--json"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit status %d: %s", code, stderr.String())
	}
	var got map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("%v:\n%s", err, stdout.String())
	}
	for k, want := range map[string]any{"version": "v1.2.3", "go": "go1.26.8", "cgo_enabled": "0", "module": "github.com/dynexpr/dynexpr"} {
		if got[k] != want {
			t.Errorf("%s: %v, want %v", k, got[k], want)
		}
	}
	deps, _ := json.Marshal(got["dependencies"])
	if want := `[{"path":"github.com/spf13/cobra","version":"v1.10.2"},{"path":"gopkg.in/yaml.v3","replace":"../yaml","version":"v3.0.1"}]`; string(deps) != want {
		t.Errorf("dependencies %s, want %s", deps, want)
	}

	stdout.Reset()
	if code := Run([]string{"--version"}, strings.NewReader(""), &stdout, &stderr); code != 0 || stdout.String() != "dynexpr version v1.2.3\n" {
		t.Errorf("--version: status %d, %q", code, stdout.String())
	}
}
