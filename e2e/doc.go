// Package e2e is dynexpr's end-to-end suite: the requests dynexpr prints are
// sent with the real AWS CLI to real DynamoDB-compatible servers (dynoxide and
// dynalite, started on 127.0.0.1 by the suite), and what the servers do is
// compared with what DynamoDB itself does.
//
// The suite's files carry the build tag e2e, so `go test ./...` does not run
// it. Run it with `bash e2e/run.sh`, or, after `bash e2e/install.sh`, with
//
//	go test -tags e2e ./e2e -v -count=1
//
// See README.md in this folder.
package e2e
