//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// AWSV2Path is Debian's AWS CLI v2 (package awscli). It is called by path:
// on some machines an AWS CLI v1 comes first on PATH.
const AWSV2Path = "/usr/bin/aws"

// maxCLIAtOnce bounds how many AWS CLI processes run at the same time.
const maxCLIAtOnce = 4

var cliSlots = make(chan struct{}, maxCLIAtOnce)

// CLI is one AWS CLI installation.
type CLI struct {
	Name    string // "v2" or "v1"
	Path    string
	Version string // what `aws --version` printed
	Present bool
	Err     error // v2 only: why it cannot be used

	mu    sync.Mutex
	calls []time.Duration
}

var (
	v2Once, v1Once sync.Once
	cliV2, cliV1   *CLI
)

func probeV2() *CLI {
	v2Once.Do(func() {
		c := &CLI{Name: "v2", Path: AWSV2Path}
		out, err := exec.Command(AWSV2Path, "--version").CombinedOutput()
		v := strings.TrimSpace(string(out))
		switch {
		case err != nil:
			c.Err = fmt.Errorf("%s --version: %v %s; %s", AWSV2Path, err, v, installHint)
		case !strings.HasPrefix(v, "aws-cli/2."):
			c.Err = fmt.Errorf("%s is not AWS CLI v2 (%q); %s", AWSV2Path, v, installHint)
		default:
			c.Version, c.Present = v, true
		}
		cliV2 = c
	})
	return cliV2
}

// probeV1 finds `aws` on PATH and keeps it when it is v1.x. Nil when -e2e.v1=false.
func probeV1() *CLI {
	if !*flagV1 {
		return nil
	}
	v1Once.Do(func() {
		c := &CLI{Name: "v1"}
		cliV1 = c
		p, err := exec.LookPath("aws")
		if err != nil {
			return
		}
		out, err := exec.Command(p, "--version").CombinedOutput()
		v := strings.TrimSpace(string(out))
		if err == nil && strings.HasPrefix(v, "aws-cli/1.") {
			c.Path, c.Version, c.Present = p, v, true
		}
	})
	return cliV1
}

// AWSv2 returns Debian's AWS CLI v2, failing t (never skipping) when it is missing.
func AWSv2(t testing.TB) *CLI {
	t.Helper()
	c := probeV2()
	if c.Err != nil {
		t.Fatalf("AWS CLI v2: %v", c.Err)
	}
	return c
}

// AWSv1 returns the AWS CLI v1 on PATH, or nil when there is none (v1 is an
// extra: its absence is reported in the summary, not as a skipped test).
func AWSv1() *CLI {
	if c := probeV1(); c != nil && c.Present {
		return c
	}
	return nil
}

// CLIs returns v2 and, where present, v1.
func CLIs(t testing.TB) []*CLI {
	t.Helper()
	cs := []*CLI{AWSv2(t)}
	if v1 := AWSv1(); v1 != nil {
		cs = append(cs, v1)
	}
	return cs
}

// Result is one `aws dynamodb` call.
type Result struct {
	CLI, Server, Command string
	Input                []byte

	Stdout, Stderr string
	Exit           int
	Took           time.Duration

	// Code and Message are the service error the CLI printed
	// ("An error occurred (Code) when calling the Op operation: Message"), or,
	// for a request the CLI refused before sending it, Code "ParamValidation",
	// "ParamParse" or "ParamEncoding" and the CLI's text.
	Code, Message string

	// Reasons are a transaction's cancellation reasons with their messages,
	// read straight from the server (the CLI prints only their codes); set
	// by readReasons for a transaction cancelled for a ValidationError.
	Reasons []CancellationReason
}

// OK reports whether the call exited 0.
func (r Result) OK() bool { return r.Exit == 0 }

// ClientSide reports whether the CLI refused the request without sending it.
func (r Result) ClientSide() bool {
	return r.Code == "ParamValidation" || r.Code == "ParamParse" || r.Code == "ParamEncoding"
}

// Outcome is a one-line account: "OK" or "Code: Message" or "exit N: stderr".
func (r Result) Outcome() string {
	switch {
	case r.Exit == 0:
		return "OK"
	case r.Code != "" && len(r.Reasons) > 0:
		var rs []string
		for i, c := range r.Reasons {
			rs = append(rs, strings.TrimSpace(fmt.Sprintf("[%d] %s %s", i, c.Code, c.Message)))
		}
		return r.Code + ": " + r.Message + " (" + strings.Join(rs, "; ") + ")"
	case r.Code != "":
		return r.Code + ": " + r.Message
	default:
		return fmt.Sprintf("exit %d: %s", r.Exit, strings.TrimSpace(r.Stderr))
	}
}

func (r Result) String() string {
	return fmt.Sprintf("aws %s dynamodb %s on %s: exit %d (%v)\ninput: %s\nstdout: %s\nstderr: %s",
		r.CLI, r.Command, r.Server, r.Exit, r.Took.Round(time.Millisecond), r.Input,
		strings.TrimSpace(r.Stdout), strings.TrimSpace(r.Stderr))
}

// JSON decodes stdout (the CLI's --output json) into v.
func (r Result) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(r.Stdout), v); err != nil {
		t.Fatalf("decoding output of %s: %v", r.Command, err)
	}
}

// maxInline is the largest JSON passed inline; larger inputs go through a file
// (Linux limits one argument to 128 KiB).
const maxInline = 100 << 10

// Run runs `aws dynamodb COMMAND --cli-input-json JSON --endpoint-url ... --output json`
// against srv. input is marshalled unless it is []byte, json.RawMessage or string.
// The JSON goes inline (or via a regular file when large): the CLI reads
// file:///dev/stdin twice, so a pipe does not work.
func (c *CLI) Run(t testing.TB, srv *Server, command string, input any) Result {
	t.Helper()
	in, err := asJSON(input)
	if err != nil {
		t.Fatalf("aws %s: marshalling input: %v", command, err)
	}
	arg := string(in)
	if len(in) > maxInline {
		f, err := os.CreateTemp(tmpDir, "input-*.json")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write(in); err != nil {
			t.Fatal(err)
		}
		f.Close()
		defer os.Remove(f.Name())
		arg = "file://" + f.Name()
	}
	args := []string{"dynamodb", command, "--cli-input-json", arg, "--endpoint-url", srv.Endpoint, "--output", "json"}
	if command == "query" || command == "scan" {
		// The CLI pages through query and scan results by itself, and v1
		// then takes Limit as a page size and returns every item: one
		// request is one page only with --no-paginate.
		args = append(args, "--no-paginate")
	}
	r := c.run(srv.Endpoint, args...)
	r.Server, r.Command, r.Input = srv.Kind, command, in
	if r.Exit < 0 {
		t.Fatalf("aws %s: %s", command, r.Stderr)
	}
	return r
}

func (c *CLI) run(endpoint string, args ...string) Result {
	cliSlots <- struct{}{}
	defer func() { <-cliSlots }()
	cmd := exec.Command(c.Path, args...)
	cmd.Env = awsEnv()
	cmd.Dir = tmpDir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// Killed with this process if the run dies (panic, timeout).
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	start := time.Now()
	err := spawn(cmd)
	if err == nil {
		err = cmd.Wait()
	}
	took := time.Since(start)
	c.mu.Lock()
	c.calls = append(c.calls, took)
	c.mu.Unlock()
	r := Result{CLI: c.Name, Stdout: stdout.String(), Stderr: stderr.String(), Took: took}
	if r.Exit, err = exitStatus(err); err != nil {
		r.Exit, r.Stderr = -1, fmt.Sprintf("running %s: %v", c.Path, err)
		return r
	}
	if r.Exit != 0 {
		r.Code, r.Message = ParseCLIError(r.Stderr)
	}
	return r
}

var (
	awsEnvOnce sync.Once
	awsEnvList []string
)

// awsEnv is the environment of every CLI call: the test's environment without
// any AWS_* variable, plus fixed credentials, region and no pager, and config
// files that do not exist (so no profile on the machine can change a call).
func awsEnv() []string {
	awsEnvOnce.Do(func() {
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "AWS_") {
				awsEnvList = append(awsEnvList, kv)
			}
		}
		awsEnvList = append(awsEnvList,
			"AWS_ACCESS_KEY_ID=x",
			"AWS_SECRET_ACCESS_KEY=x",
			"AWS_DEFAULT_REGION=us-east-1",
			"AWS_PAGER=",
			"AWS_CONFIG_FILE="+filepath.Join(tmpDir, "no-aws-config"),
			"AWS_SHARED_CREDENTIALS_FILE="+filepath.Join(tmpDir, "no-aws-credentials"),
			"AWS_EC2_METADATA_DISABLED=true",
		)
	})
	return awsEnvList
}

var (
	serviceErrRE = regexp.MustCompile(`(?m)^An error occurred \(([A-Za-z0-9_.:#]+)\)(?: \(reached max retries: \d+\))? when calling the \w+ operation(?: \(reached max retries: \d+\))?: (.*)$`)
)

// ParseCLIError reads the AWS CLI's stderr (v1 or v2) into an error code and
// message: "An error occurred (ValidationException) when calling the PutItem
// operation: <message>" gives ("ValidationException", "<message>"). A request
// refused by the CLI itself gives ("ParamValidation", text) or ("ParamParse",
// text); anything else ("", the trimmed stderr).
func ParseCLIError(stderr string) (code, message string) {
	if m := serviceErrRE.FindStringSubmatch(stderr); m != nil {
		return m[1], strings.TrimSpace(m[2])
	}
	s := strings.TrimSpace(stderr)
	switch {
	case strings.Contains(s, "Parameter validation failed:"):
		_, rest, _ := strings.Cut(s, "Parameter validation failed:")
		return "ParamValidation", strings.TrimSpace(rest)
	case strings.HasPrefix(s, "Error parsing parameter"):
		return "ParamParse", s
	case strings.HasPrefix(s, "Invalid base64"):
		// v2 decodes blob members (B, BS) itself before sending.
		return "ParamEncoding", s
	}
	return "", s
}

func (c *CLI) stats() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.calls) == 0 {
		return ", no calls"
	}
	d := append([]time.Duration(nil), c.calls...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	var sum time.Duration
	for _, x := range d {
		sum += x
	}
	r := func(x time.Duration) time.Duration { return x.Round(10 * time.Millisecond) }
	return fmt.Sprintf(", %d calls, per call min %v median %v max %v (at most %d at once)",
		len(d), r(d[0]), r(d[len(d)/2]), r(d[len(d)-1]), maxCLIAtOnce)
}
