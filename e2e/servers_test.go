//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Server kinds.
const (
	KindDynoxide = "dynoxide"
	KindDynalite = "dynalite"
)

// Server is one DynamoDB-compatible server started by the suite on 127.0.0.1,
// shared by every test of the run (tests use their own table names).
type Server struct {
	Kind      string
	Version   string
	Endpoint  string // http://127.0.0.1:PORT
	Port      int
	StartTook time.Duration // spawn to first HTTP answer

	cmd    *exec.Cmd
	logf   string
	exited chan struct{}
	mu     sync.Mutex
	err    error // set when the process exits
}

var servers struct {
	sync.Mutex
	byKind  map[string]*Server
	errs    map[string]error
	started []*Server
}

// Dynoxide returns the run's dynoxide server, starting it on first use. It
// fails t (never skips) when the server cannot be started.
func Dynoxide(t testing.TB) *Server { t.Helper(); return server(t, KindDynoxide) }

// Dynalite returns the run's dynalite server, starting it on first use.
func Dynalite(t testing.TB) *Server { t.Helper(); return server(t, KindDynalite) }

// AllServers returns every server kind the suite knows, started.
func AllServers(t testing.TB) []*Server {
	t.Helper()
	return []*Server{Dynoxide(t), Dynalite(t)}
}

func server(t testing.TB, kind string) *Server {
	t.Helper()
	servers.Lock()
	defer servers.Unlock()
	if s := servers.byKind[kind]; s != nil {
		if err := s.exitErr(); err != nil {
			t.Fatalf("%s died during the run: %v\n%s", kind, err, s.logTail())
		}
		return s
	}
	if err := servers.errs[kind]; err != nil {
		t.Fatalf("%s: %v", kind, err)
	}
	var s *Server
	var err error
	for attempt := 0; attempt < 3; attempt++ { // a free port can be taken between probe and bind
		if s, err = startServer(kind); err == nil {
			break
		}
		if errors.Is(err, errMissing) {
			break
		}
	}
	if err != nil {
		if servers.errs == nil {
			servers.errs = map[string]error{}
		}
		servers.errs[kind] = err
		t.Fatalf("%s: %v", kind, err)
	}
	if servers.byKind == nil {
		servers.byKind = map[string]*Server{}
	}
	servers.byKind[kind] = s
	servers.started = append(servers.started, s)
	return s
}

func startedServers() []*Server {
	servers.Lock()
	defer servers.Unlock()
	return append([]*Server(nil), servers.started...)
}

var errMissing = errors.New("missing")

func dynoxideBin() string {
	return filepath.Join(e2eDir, "node_modules", "@dynoxide", "linux-x64", "dynoxide")
}

func dynaliteCLI() string { return filepath.Join(e2eDir, "node_modules", "dynalite", "cli.js") }

func startServer(kind string) (*Server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &Server{Kind: kind, Port: port, Endpoint: fmt.Sprintf("http://127.0.0.1:%d", port), exited: make(chan struct{})}
	var argv []string
	switch kind {
	case KindDynoxide:
		bin := dynoxideBin()
		if _, err := os.Stat(bin); err != nil {
			return nil, fmt.Errorf("%w: dynoxide binary %s not found; %s", errMissing, bin, installHint)
		}
		out, err := exec.Command(bin, "--version").Output()
		if err != nil {
			return nil, fmt.Errorf("%w: %s --version: %v; %s", errMissing, bin, err, installHint)
		}
		s.Version = strings.TrimSpace(string(out))
		// No --db-path: in memory.
		argv = []string{bin, "serve", "--host", "127.0.0.1", "--port", strconv.Itoa(port)}
	case KindDynalite:
		node, err := exec.LookPath("node")
		if err != nil {
			return nil, fmt.Errorf("%w: node not on PATH; %s", errMissing, installHint)
		}
		cli := dynaliteCLI()
		if _, err := os.Stat(cli); err != nil {
			return nil, fmt.Errorf("%w: dynalite %s not found; %s", errMissing, cli, installHint)
		}
		var pkg struct{ Version string }
		if b, err := os.ReadFile(filepath.Join(filepath.Dir(cli), "package.json")); err == nil {
			_ = json.Unmarshal(b, &pkg)
		}
		s.Version = "dynalite " + pkg.Version
		// No --path: in memory.
		argv = []string{node, cli, "--host", "127.0.0.1", "--port", strconv.Itoa(port),
			"--createTableMs", "0", "--deleteTableMs", "0", "--updateTableMs", "0"}
	default:
		return nil, fmt.Errorf("unknown server kind %q", kind)
	}
	s.logf = filepath.Join(tmpDir, fmt.Sprintf("%s-%d.log", kind, port))
	logFile, err := os.Create(s.logf)
	if err != nil {
		return nil, err
	}
	defer logFile.Close()

	s.cmd = exec.Command(argv[0], argv[1:]...)
	s.cmd.Dir = e2eDir
	s.cmd.Stdout, s.cmd.Stderr = logFile, logFile
	s.cmd.SysProcAttr = &syscall.SysProcAttr{
		Setpgid:   true,            // its own process group: killed as a group
		Pdeathsig: syscall.SIGKILL, // and killed by the kernel if this process dies (panic, timeout, kill -9)
	}
	start := time.Now()
	if err := spawn(s.cmd); err != nil {
		return nil, fmt.Errorf("start %s: %v", strings.Join(argv, " "), err)
	}
	go func() {
		err := s.cmd.Wait()
		s.mu.Lock()
		if err == nil {
			err = errors.New("exited")
		}
		s.err = err
		s.mu.Unlock()
		close(s.exited)
	}()

	client := &http.Client{Timeout: 500 * time.Millisecond}
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := client.Get(s.Endpoint + "/")
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			break
		}
		select {
		case <-s.exited:
			return nil, fmt.Errorf("%s exited before answering HTTP: %v\n%s", strings.Join(argv, " "), s.exitErr(), s.logTail())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.Stop()
			return nil, fmt.Errorf("%s did not answer HTTP on %s within 20s\n%s", strings.Join(argv, " "), s.Endpoint, s.logTail())
		}
	}
	s.StartTook = time.Since(start)
	return s, nil
}

// spawnReq asks the spawner goroutine to start a command.
type spawnReq struct {
	cmd  *exec.Cmd
	done chan error
}

var (
	spawnOnce sync.Once
	spawnCh   chan spawnReq
)

// spawn starts cmd from one OS thread that never exits: Pdeathsig fires when the
// thread that forked the child exits, not the process, so the forking thread
// must live as long as the test binary.
func spawn(cmd *exec.Cmd) error {
	spawnOnce.Do(func() {
		spawnCh = make(chan spawnReq)
		go func() {
			runtime.LockOSThread() // never unlocked: this thread lives until the process ends
			for r := range spawnCh {
				r.done <- r.cmd.Start()
			}
		}()
	})
	done := make(chan error, 1)
	spawnCh <- spawnReq{cmd, done}
	return <-done
}

func (s *Server) exitErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Stop ends the server's process group: SIGTERM, then SIGKILL after 2 s.
func (s *Server) Stop() {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	pgid := s.cmd.Process.Pid // Setpgid: the group id is the leader's pid
	select {
	case <-s.exited:
		_ = syscall.Kill(-pgid, syscall.SIGKILL) // anything it left behind
		return
	default:
	}
	_ = syscall.Kill(-pgid, syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(2 * time.Second):
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
		<-s.exited
	}
}

func stopAllServers() {
	for _, s := range startedServers() {
		s.Stop()
	}
}

func (s *Server) logTail() string {
	b, err := os.ReadFile(s.logf)
	if err != nil {
		return ""
	}
	if len(b) > 2048 {
		b = b[len(b)-2048:]
	}
	return "--- " + s.Kind + " log (tail) ---\n" + string(b)
}

func (s *Server) String() string { return s.Kind }

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// --- direct API (setup only) ----------------------------------------------------

// APIError is a DynamoDB error response: {"__type": ..., "message": ...}.
type APIError struct {
	Status  int
	Type    string // the part after '#', e.g. ValidationException
	Message string
	Body    string // the whole answer (a cancelled transaction's CancellationReasons)
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%s: %s (HTTP %d)", e.Type, e.Message, e.Status)
}

var apiClient = &http.Client{Timeout: 30 * time.Second}

// API sends one DynamoDB JSON-protocol request straight to the server, without
// the AWS CLI. Use it for setup (waiting for tables, seeding items); requests
// under test go through the AWS CLI (see CLI.Run). op is the API name, e.g.
// "PutItem"; in is marshalled unless it is already []byte or json.RawMessage.
func (s *Server) API(op string, in any, out any) error {
	body, err := asJSON(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequest(http.MethodPost, s.Endpoint+"/", bytes.NewReader(body))
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	req.Header.Set("Content-Type", "application/x-amz-json-1.0")
	req.Header.Set("X-Amz-Target", "DynamoDB_20120810."+op)
	req.Header.Set("X-Amz-Date", now.Format("20060102T150405Z"))
	// Local servers check that a SigV4 header is there, not the signature.
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential=x/"+now.Format("20060102")+
		"/us-east-1/dynamodb/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=00")
	resp, err := apiClient.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %v", s.Kind, op, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		var e struct {
			Type     string `json:"__type"`
			Message  string `json:"message"`
			Message2 string `json:"Message"`
		}
		_ = json.Unmarshal(data, &e)
		ae := &APIError{Status: resp.StatusCode, Type: e.Type, Message: e.Message, Body: string(data)}
		if i := strings.LastIndexByte(ae.Type, '#'); i >= 0 {
			ae.Type = ae.Type[i+1:]
		}
		if ae.Message == "" {
			ae.Message = e.Message2
		}
		if ae.Type == "" && ae.Message == "" {
			ae.Message = string(data)
		}
		return ae
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("%s %s: decoding response: %v\n%s", s.Kind, op, err, data)
		}
	}
	return nil
}

// WaitActive polls DescribeTable until the table is ACTIVE (dynalite answers
// create-table with CREATING even with --createTableMs 0).
func (s *Server) WaitActive(t testing.TB, table string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var out struct{ Table struct{ TableStatus string } }
		err := s.API("DescribeTable", map[string]string{"TableName": table}, &out)
		if err == nil && out.Table.TableStatus == "ACTIVE" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: table %s not ACTIVE after 10s (status %q, err %v)", s.Kind, table, out.Table.TableStatus, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func asJSON(in any) ([]byte, error) {
	switch v := in.(type) {
	case []byte:
		return v, nil
	case json.RawMessage:
		return v, nil
	case string:
		return []byte(v), nil
	default:
		return json.Marshal(v)
	}
}
