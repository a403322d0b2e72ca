package cli

import (
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/spf13/cobra"
)

// version, when set at link time with
// -ldflags "-X github.com/dynexpr/dynexpr/internal/cli.version=...",
// is the version printed; otherwise it comes from the module's build
// information (buildVersion).
var version string

// versionInfo is what a binary knows of its own build: what `dynexpr
// version --json` prints for a bug report.
type versionInfo struct {
	// Version is the module's version as `go install ...@v1.2.3` records
	// it (a pseudo-version for a commit between tags), the link-time
	// version when one was set, or "devel" for a build from a checkout.
	Version string `json:"version"`
	// Commit is the revision the binary was built from: the checkout's
	// (Go records it when it builds in a repository), else the one a
	// pseudo-version names; "" when neither tells (a tagged release
	// installed from the module proxy, which has no repository).
	Commit     string `json:"commit,omitempty"`
	CommitTime string `json:"commit_time,omitempty"`
	// Modified: the checkout had changes not committed.
	Modified  bool      `json:"modified,omitempty"`
	GoVersion string    `json:"go"`
	Platform  string    `json:"platform"`
	CGO       string    `json:"cgo_enabled,omitempty"`
	Module    string    `json:"module,omitempty"`
	Deps      []depInfo `json:"dependencies"`
}

// depInfo is one module linked into the binary.
type depInfo struct {
	Path    string `json:"path"`
	Version string `json:"version"`
	Replace string `json:"replace,omitempty"`
}

// readBuildInfo is debug.ReadBuildInfo, read once and only when a version
// is asked for: nothing of it runs at start-up. Tests replace it.
var readBuildInfo = sync.OnceValues(debug.ReadBuildInfo)

// buildVersion describes the running binary.
func buildVersion() versionInfo {
	bi, ok := readBuildInfo()
	return versionOf(bi, ok, version)
}

// versionOf describes a binary from its build information; linked is the
// link-time version ("" when none was set), which wins when set.
func versionOf(bi *debug.BuildInfo, ok bool, linked string) versionInfo {
	v := versionInfo{Version: linked, GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH, Deps: []depInfo{}}
	if !ok || bi == nil {
		if v.Version == "" {
			v.Version = "devel"
		}
		return v
	}
	if bi.GoVersion != "" {
		v.GoVersion = bi.GoVersion
	}
	v.Module = bi.Main.Path
	if v.Version == "" {
		v.Version = bi.Main.Version
	}
	if v.Version == "" || v.Version == "(devel)" {
		v.Version = "devel"
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Commit = s.Value
		case "vcs.time":
			v.CommitTime = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		case "CGO_ENABLED":
			v.CGO = s.Value
		}
	}
	if v.Commit == "" {
		v.Commit = pseudoVersionCommit(bi.Main.Version)
	}
	for _, d := range bi.Deps {
		dep := depInfo{Path: d.Path, Version: d.Version}
		if d.Replace != nil {
			dep.Replace = d.Replace.Path
			if d.Replace.Version != "" {
				dep.Replace += "@" + d.Replace.Version
			}
		}
		v.Deps = append(v.Deps, dep)
	}
	return v
}

// pseudoVersionCommit is the commit a pseudo-version names
// (v0.0.0-20260102030405-0123456789ab, v1.2.4-0.20260102030405-0123456789ab),
// or "" for any other version: its last part, twelve hex digits after a
// fourteen-digit time.
func pseudoVersionCommit(v string) string {
	v, _, _ = strings.Cut(v, "+") // +incompatible, +dirty
	i := strings.LastIndexByte(v, '-')
	if i < 15 {
		return ""
	}
	rev, stamp := v[i+1:], v[i-14:i]
	if len(rev) != 12 || !allIn(rev, "0123456789abcdef") || !allIn(stamp, "0123456789") {
		return ""
	}
	return rev
}

func allIn(s, chars string) bool {
	for _, c := range s {
		if !strings.ContainsRune(chars, c) {
			return false
		}
	}
	return true
}

// String is the one line --version and `dynexpr version` print after
// "dynexpr version ": the version, then what is known of the commit.
func (v versionInfo) String() string {
	var about []string
	if v.Commit != "" && !strings.HasSuffix(v.Version, v.Commit) {
		about = append(about, "commit "+v.Commit)
	}
	if v.Modified {
		about = append(about, "modified")
	}
	if v.CommitTime != "" {
		about = append(about, v.CommitTime)
	}
	if len(about) == 0 {
		return v.Version
	}
	return v.Version + " (" + strings.Join(about, ", ") + ")"
}

// versionTemplateOnce registers the template function that --version's
// template calls, so that the build information is read only when
// --version is given. cobra's template functions are one map for the
// process: registered once, before any template runs.
var versionTemplateOnce sync.Once

func setVersionFlag(root *cobra.Command) {
	versionTemplateOnce.Do(func() {
		cobra.AddTemplateFunc("dynexprVersion", func() string { return buildVersion().String() })
	})
	// cobra adds --version (and -v) only to a command with a Version; the
	// text printed is the template's.
	root.Version = "from the build information"
	root.SetVersionTemplate("dynexpr version {{dynexprVersion}}\n")
}

func newVersionCmd(e *env) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print dynexpr's version, and with --json what a bug report needs",
		Long: `Print dynexpr's version: the module version it was installed at (go install
github.com/dynexpr/dynexpr/cmd/dynexpr@v1.2.3), or "devel" for a build from a
checkout, with the commit it was built from where the build recorded one.

--json prints one JSON object for a bug report: the version, the commit, its
time and whether the checkout had uncommitted changes, the Go version, the
platform, and every module linked in with its version.`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			v := buildVersion()
			if !asJSON {
				_, err := fmt.Fprintf(e.stdout, "dynexpr version %s\n", v)
				return err
			}
			js, err := json.MarshalIndent(v, "", "  ")
			if err != nil {
				return err
			}
			_, err = e.stdout.Write(append(js, '\n'))
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the version, commit, Go version and module versions as JSON")
	return cmd
}
