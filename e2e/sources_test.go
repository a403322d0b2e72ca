//go:build e2e

package e2e

import (
	"path/filepath"
	"testing"
)

// TestSchemaSources: the tables of each schema source of examples/ other
// than the project YAML — the Terraform module, its terraform show -json,
// serverless.yml and the CDK cloud assembly — created on dynoxide through
// `dynexpr schema --create-table SOURCE`, take the examples' requests built
// against that same source and answer as the stories say.
func TestSchemaSources(t *testing.T) {
	cli, srv := AWSv2(t), dynoxide(t)
	tickets := filepath.Join(repoRoot, "examples", "tickets.dx")
	events := filepath.Join(repoRoot, "examples", "events.dx")
	rec1 := event("WS#orbit-9", "TS#2026-06-23T14:02:11Z", "USR#kp", "role.grant", "USR#mm")
	rec3 := event("WS#orbit-9", "TS#2026-06-24T08:30:00Z", "USR#ana", "member.remove", "USR#kp")
	for _, src := range []string{"terraform", "terraform/show.json", "serverless.yml", "cdk.out"} {
		source := filepath.Join(repoRoot, "examples", src)
		t.Run(src, func(t *testing.T) {
			t.Parallel()
			stmt := func(dx, label string) BuiltStatement {
				t.Helper()
				return buildStatement(t, "--schema", source, "-f", dx, "--statement", label)
			}
			s := newScenario(t, srv, cli, "scenario/schema-sources", source)
			for _, l := range []string{"put_a91f", "put_b02c", "put_77de"} {
				s.mustAccept(l, stmt(tickets, l))
			}
			s.mustReturn("open_tickets", "open_tickets", stmt(tickets, "open_tickets"), openTicketsAll)
			for _, l := range []string{"record_1", "record_2", "record_3"} {
				s.mustAccept(l, stmt(events, l))
			}
			s.mustReturn("timeline", "timeline (newest first)", stmt(events, "timeline"), "["+rec3+","+rec1+"]")
		})
	}
}

// dynoxide is the dynoxide server of the run.
func dynoxide(t *testing.T) *Server {
	t.Helper()
	for _, s := range AllServers(t) {
		if s.Kind == KindDynoxide {
			return s
		}
	}
	t.Fatal("no dynoxide server")
	return nil
}
