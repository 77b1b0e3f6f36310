package app

import (
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/secret"
)

// TestLockOfClientOrder: a server two clients define alike, listing more
// tools to one of them (a client that declares roots), is locked with the
// same tools whatever order the plan has the clients in; both clients use
// the entry.
func TestLockOfClientOrder(t *testing.T) {
	def := func(c string) *normalize.Server {
		return &normalize.Server{Name: "calc", Transport: normalize.Stdio, Command: "calc", Source: normalize.Source{Client: normalize.ClientByID(c)}}
	}
	result := func(c string, tools ...string) probe.Result {
		r := probe.Result{Name: "calc", Client: c, Status: probe.StatusOK}
		for _, n := range tools {
			r.Tools = append(r.Tools, probe.Tool{Name: n})
		}
		return r
	}
	var got [][]string
	for _, order := range [][]string{{"cursor", "claude"}, {"claude", "cursor"}} {
		plan := &ProbePlan{}
		var results []probe.Result
		for _, c := range order {
			plan.Servers = append(plan.Servers, PlannedServer{server: def(c)})
			tools := []string{"add"}
			if c == "claude" {
				tools = append(tools, "get-roots-list")
			}
			results = append(results, result(c, tools...))
		}
		l := LockOf(plan, results, secret.New(), false)
		if len(l.Lock.Servers) != 1 || len(l.Lock.Servers[0].UsedBy) != 2 {
			t.Fatalf("%v: %+v", order, l.Lock.Servers)
		}
		var names []string
		for _, tl := range l.Lock.Servers[0].Tools {
			names = append(names, tl.Name)
		}
		got = append(got, names)
	}
	if len(got[0]) != 2 || len(got[1]) != 2 {
		t.Fatalf("not the first client by id's tools: %v", got)
	}
}
