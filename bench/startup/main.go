// Command startup measures the whole-process time of `dynexpr build` beside
// a hello-world Go binary built by the same toolchain, run alternately on the
// same machine, and prints the median of the pairwise ratios. Alternating
// pairs keep the ratio meaningful on a shared, noisy machine, where absolute
// times are not.
//
// dynexpr is measured twice: as `go build` makes it by default and as a
// static binary (CGO_ENABLED=0, how the README installs it). cobra's flag
// package imports net, which with cgo on links the C library dynamically;
// loading it costs a default build most of a millisecond at every start.
// A third pair measures just that: a hello world that imports net, built
// by default, beside the plain one.
//
//	go run ./bench/startup [-n 60]
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"
)

func main() {
	runs := flag.Int("n", 60, "alternating pairs of runs")
	flag.Parse()
	if err := run(*runs); err != nil {
		fmt.Fprintln(os.Stderr, "startup:", err)
		os.Exit(1)
	}
}

// The build measured: a bundled example with its schema, so schema loading,
// parsing, lint and the builder all run.
var buildArgs = []string{"build", "--compact", "--schema", "examples/tickets.yaml",
	"-f", "examples/tickets.dx", "--statement", "resolve_77de"}

func run(runs int) error {
	dir, err := os.MkdirTemp("", "dynexpr-startup")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	hello := filepath.Join(dir, "hello")
	helloNet := filepath.Join(dir, "hello-with-net")
	dynexpr := filepath.Join(dir, "dynexpr")
	static := filepath.Join(dir, "dynexpr-static")
	src := filepath.Join(dir, "hello.go")
	srcNet := filepath.Join(dir, "net", "hello.go")
	if err := os.WriteFile(src, []byte(helloSource("")), 0o644); err != nil {
		return err
	}
	if err := os.Mkdir(filepath.Dir(srcNet), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(srcNet, []byte(helloSource(`_ "net"`)), 0o644); err != nil {
		return err
	}
	for _, b := range []struct {
		cgo  string
		args []string
	}{
		{"", []string{"build", "-o", hello, src}},
		{"", []string{"build", "-o", helloNet, srcNet}},
		{"", []string{"build", "-o", dynexpr, "./cmd/dynexpr"}},
		{"0", []string{"build", "-o", static, "./cmd/dynexpr"}},
	} {
		cmd := exec.Command("go", b.args...)
		if b.cgo != "" {
			cmd.Env = append(os.Environ(), "CGO_ENABLED="+b.cgo)
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("go %v: %v\n%s", b.args, err, out)
		}
	}
	for _, subject := range []struct {
		bin  string
		args []string
	}{{dynexpr, buildArgs}, {static, buildArgs}, {helloNet, nil}} {
		if err := measure(runs, hello, subject.bin, subject.args); err != nil {
			return err
		}
	}
	return nil
}

// helloSource is a hello world that also imports imp, if not empty.
func helloSource(imp string) string {
	return "package main\n\nimport (\n\t\"os\"\n\t" + imp + "\n)\n\nfunc main() { os.Stdout.WriteString(\"{}\\n\") }\n"
}

// measure runs hello and bin with args alternately and prints the medians.
func measure(runs int, hello, bin string, args []string) error {
	// Warm the page cache for both binaries before timing.
	for range 5 {
		if _, err := timeRun(hello); err != nil {
			return err
		}
		if _, err := timeRun(bin, args...); err != nil {
			return err
		}
	}
	var ratios, helloTimes, binTimes []float64
	for range runs {
		h, err := timeRun(hello)
		if err != nil {
			return err
		}
		d, err := timeRun(bin, args...)
		if err != nil {
			return err
		}
		ratios = append(ratios, float64(d)/float64(h))
		helloTimes = append(helloTimes, float64(h)/1e6)
		binTimes = append(binTimes, float64(d)/1e6)
	}
	fmt.Printf("%s: %d pairs; hello world median %.2f ms, %s median %.2f ms; median of pairwise ratios %.2f\n",
		filepath.Base(bin), runs, median(helloTimes), filepath.Base(bin), median(binTimes), median(ratios))
	return nil
}

func timeRun(bin string, args ...string) (time.Duration, error) {
	cmd := exec.Command(bin, args...)
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("%s: %v\n%s", bin, err, out)
	}
	return time.Since(start), nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
