//go:build e2e

package e2e

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

const installHint = "run `bash e2e/install.sh` (as root) first"

var (
	flagGolden  = flag.String("e2e.golden", "", "golden case folder (default: <repo>/golden)")
	flagDynexpr = flag.String("e2e.dynexpr", "", "use this dynexpr binary instead of building ./cmd/dynexpr")
	flagV1      = flag.Bool("e2e.v1", true, "also run the AWS CLI v1 found on PATH, where there is one")
)

// Paths fixed by TestMain.
var (
	repoRoot string // the module root (holds go.mod)
	e2eDir   string // this package's folder
	tmpDir   string // removed at the end of the run
)

var suiteStart time.Time

func TestMain(m *testing.M) {
	flag.Parse()
	suiteStart = time.Now()
	// CLI calls are slow and mostly wait on Python start-up; run ~4 cases at once
	// unless -parallel was given.
	parallelSet := false
	flag.Visit(func(f *flag.Flag) { parallelSet = parallelSet || f.Name == "test.parallel" })
	if !parallelSet {
		_ = flag.Set("test.parallel", "4")
	}

	if err := setup(); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: setup: %v\n", err)
		os.Exit(1)
	}
	// Servers die with this process whatever happens (Pdeathsig), but stop them
	// properly on an interrupt too.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		s := <-sigs
		fmt.Fprintf(os.Stderr, "e2e: %v: stopping servers\n", s)
		stopAllServers()
		os.RemoveAll(tmpDir)
		os.Exit(130)
	}()

	code := m.Run()

	stopAllServers()
	printSummary(os.Stdout)
	if code == 0 && Agreement.Disagreements() > 0 {
		// Each disagreement already failed its test; this catches rows added
		// outside a test.
		fmt.Println("e2e: FAIL: disagreements with DynamoDB that are not known emulator gaps (see table above)")
		code = 1
	}
	os.RemoveAll(tmpDir)
	os.Exit(code)
}

func setup() error {
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	e2eDir = wd
	repoRoot = wd
	for {
		if _, err := os.Stat(filepath.Join(repoRoot, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(repoRoot)
		if parent == repoRoot {
			return fmt.Errorf("no go.mod above %s", wd)
		}
		repoRoot = parent
	}
	tmpDir, err = os.MkdirTemp("", "dynexpr-e2e-")
	if err != nil {
		return err
	}
	go buildDynexpr() // in the background, while the first servers start
	return nil
}

// --- dynexpr ------------------------------------------------------------------

var (
	dynexprDone = make(chan struct{})
	dynexprPath string
	dynexprErr  error
	dynexprTook time.Duration
)

// buildDynexpr builds ./cmd/dynexpr once per run (TestMain starts it).
func buildDynexpr() {
	defer close(dynexprDone)
	start := time.Now()
	defer func() { dynexprTook = time.Since(start) }()
	if *flagDynexpr != "" {
		dynexprPath, dynexprErr = filepath.Abs(*flagDynexpr)
		return
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		dynexprErr = fmt.Errorf("go not on PATH: %v", err)
		return
	}
	out := filepath.Join(tmpDir, "dynexpr")
	cmd := exec.Command(goBin, "build", "-o", out, "./cmd/dynexpr")
	cmd.Dir = repoRoot
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	if err := cmd.Run(); err != nil {
		dynexprErr = fmt.Errorf("go build -o %s ./cmd/dynexpr (in %s): %v\n%s", out, repoRoot, err, buf.String())
		return
	}
	dynexprPath = out
}

// DynexprResult is one run of the dynexpr binary.
type DynexprResult struct {
	Args           []string
	Stdout, Stderr string
	Exit           int
}

// Dynexpr runs the dynexpr binary built for this run with args, in dir (the
// repository root when dir is ""). It fails t when the binary could not be built.
func Dynexpr(t testing.TB, dir string, args ...string) DynexprResult {
	t.Helper()
	<-dynexprDone
	if dynexprErr != nil {
		t.Fatalf("dynexpr binary: %v", dynexprErr)
	}
	if dir == "" {
		dir = repoRoot
	}
	cmd := exec.Command(dynexprPath, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := DynexprResult{Args: args, Stdout: stdout.String(), Stderr: stderr.String()}
	if r.Exit, err = exitStatus(err); err != nil {
		t.Fatalf("dynexpr %s: %v", strings.Join(args, " "), err)
	}
	return r
}

// exitStatus reads the error of a command's run: its exit status when it
// ran (0 for a nil err), or err itself when it did not run to an exit.
func exitStatus(err error) (int, error) {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), nil
	}
	return 0, err
}

// --- summary ------------------------------------------------------------------

func printSummary(w *os.File) {
	var b strings.Builder
	fmt.Fprintf(&b, "\n== e2e summary ==\n")
	for _, c := range []*CLI{probeV2(), probeV1()} {
		if c == nil {
			continue
		}
		if c.Err != nil {
			fmt.Fprintf(&b, "aws %s: MISSING: %v\n", c.Name, c.Err)
			continue
		}
		if !c.Present {
			fmt.Fprintf(&b, "aws %s: not present\n", c.Name)
			continue
		}
		fmt.Fprintf(&b, "aws %s: %s (%s)%s\n", c.Name, c.Version, c.Path, c.stats())
	}
	if !*flagV1 {
		fmt.Fprintf(&b, "aws v1: not run (-e2e.v1=false)\n")
	}
	for _, s := range startedServers() {
		fmt.Fprintf(&b, "%s: %s %s, answered HTTP %v after spawn\n", s.Kind, s.Version, s.Endpoint, s.StartTook.Round(time.Millisecond))
	}
	select {
	case <-dynexprDone:
		if dynexprErr != nil {
			fmt.Fprintf(&b, "dynexpr: not built (%s)\n", firstLine(dynexprErr.Error()))
		} else {
			fmt.Fprintf(&b, "dynexpr: %s (build %v)\n", dynexprPath, dynexprTook.Round(time.Millisecond))
		}
	default:
	}
	fmt.Fprintf(&b, "suite: %v\n\n", time.Since(suiteStart).Round(time.Millisecond))
	Agreement.Print(&b)
	fmt.Fprint(w, b.String())
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

var tmpSeq struct {
	sync.Mutex
	n int
}

// uniqueSuffix returns a suffix that makes table names unique within the run.
func uniqueSuffix() string {
	tmpSeq.Lock()
	defer tmpSeq.Unlock()
	tmpSeq.n++
	return fmt.Sprintf("_e2e%03d", tmpSeq.n)
}
