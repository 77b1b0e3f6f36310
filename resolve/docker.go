package resolve

import (
	"slices"
	"strings"
)

// dockerValued are the "docker run" options that take a value.
var dockerValued = map[string]bool{"-e": true, "--env": true, "--env-file": true, "-v": true, "--volume": true, "-p": true, "--publish": true,
	"--name": true, "--network": true, "--net": true, "-w": true, "--workdir": true, "-u": true, "--user": true,
	"--entrypoint": true, "--mount": true, "-l": true, "--label": true, "--platform": true, "--add-host": true,
	"--cap-add": true, "--cap-drop": true, "--device": true, "--dns": true, "-h": true, "--hostname": true,
	"-m": true, "--memory": true, "--cpus": true, "--pull": true, "--restart": true, "--security-opt": true,
	"--tmpfs": true, "--ulimit": true, "--log-driver": true, "--log-opt": true, "--runtime": true, "--shm-size": true,
	"--ipc": true, "--pid": true, "--gpus": true, "--group-add": true, "--label-file": true, "--cidfile": true,
	"--stop-signal": true, "--stop-timeout": true, "--health-cmd": true, "--memory-swap": true, "--cpu-shares": true,
	"-c": true, "--volumes-from": true, "--link": true, "--expose": true, "--attach": true, "-a": true, "--uts": true,
	"--userns": true, "--cgroupns": true, "--sysctl": true, "--storage-opt": true, "--network-alias": true, "--ip": true}

// canonicalArgs returns the arguments of "docker run …" (or "podman run",
// "docker container run") with the options before the image in a fixed
// order, each with its value: Docker reads them in any order, so "run
// --rm -i image" and "run -i --rm image" start the same container. Other
// commands' arguments are returned as they are.
func canonicalArgs(command string, args []string) []string {
	i := dockerRunStart(command, args)
	if i < 0 {
		return args
	}
	start := i
	var groups [][]string
	for i < len(args) && strings.HasPrefix(args[i], "-") && args[i] != "--" {
		g := []string{args[i]}
		if dockerValued[args[i]] && i+1 < len(args) {
			g = append(g, args[i+1])
			i++
		}
		groups = append(groups, g)
		i++
	}
	slices.SortStableFunc(groups, func(a, b []string) int { return strings.Compare(strings.Join(a, "\x00"), strings.Join(b, "\x00")) })
	out := slices.Clone(args[:start])
	for _, g := range groups {
		out = append(out, g...)
	}
	return append(out, args[i:]...)
}

// Forwarded is a variable that "docker run -e NAME" (no "=VALUE") passes
// from docker's own environment into the container.
type Forwarded struct {
	Name string
	Arg  int // index in args of the argument that holds the name
}

// DockerRun is what a "docker run" command line says before the image.
type DockerRun struct {
	// Image is the index in args of the image; -1 when there is none.
	Image int
	// Forwarded are the variables passed by name: -e NAME, --env NAME,
	// --env=NAME, -eNAME. Docker sets such a variable in the container
	// only when it is set in docker's environment, which is the one the
	// client gives the server.
	Forwarded []Forwarded
	// Set are the names given a value on the command line (-e NAME=VALUE).
	Set []string
	// EnvFile: an --env-file is read, which may forward any name.
	EnvFile bool
}

// dockerRunStart is the index of the first argument after "run" of a
// "docker run" (or "podman run", "docker container run") command line, -1
// for any other command.
func dockerRunStart(command string, args []string) int {
	if i := strings.LastIndexAny(command, `/\`); i >= 0 {
		command = command[i+1:]
	}
	if prog := strings.TrimSuffix(strings.ToLower(command), ".exe"); prog != "docker" && prog != "podman" {
		return -1
	}
	i := 0
	if i < len(args) && args[i] == "container" {
		i++
	}
	if i >= len(args) || args[i] != "run" {
		return -1
	}
	return i + 1
}

// ParseDockerRun reads the options of a "docker run" command line up to
// the image; ok is false for any other command.
func ParseDockerRun(command string, args []string) (run DockerRun, ok bool) {
	i := dockerRunStart(command, args)
	if i < 0 {
		return DockerRun{Image: -1}, false
	}
	add := func(v string, arg int) {
		switch name, _, set := strings.Cut(v, "="); {
		case name == "":
		case set:
			run.Set = append(run.Set, name)
		default:
			run.Forwarded = append(run.Forwarded, Forwarded{Name: name, Arg: arg})
		}
	}
	for ; i < len(args) && strings.HasPrefix(args[i], "-") && args[i] != "--"; i++ {
		a := args[i]
		switch {
		case a == "-e" || a == "--env":
			if i+1 < len(args) {
				add(args[i+1], i+1)
			}
			i++
		case strings.HasPrefix(a, "--env="):
			add(strings.TrimPrefix(a, "--env="), i)
		case a == "--env-file" || strings.HasPrefix(a, "--env-file="):
			run.EnvFile = true
			if a == "--env-file" {
				i++
			}
		case strings.HasPrefix(a, "-e") && len(a) > 2 && !strings.HasPrefix(a, "--"):
			add(strings.TrimPrefix(a, "-e"), i)
		case dockerValued[a]:
			i++
		}
	}
	if i < len(args) && args[i] == "--" {
		i++
	}
	run.Image = -1
	if i < len(args) {
		run.Image = i
	}
	return run, true
}
