package resolve

import (
	"slices"
	"strings"
)

// DockerValued reports the options of "docker run" (and "podman run")
// that take the next argument as their value.
func DockerValued(opt string) bool { return dockerValued[opt] }

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
	if i := strings.LastIndexAny(command, `/\`); i >= 0 {
		command = command[i+1:]
	}
	prog := strings.TrimSuffix(strings.ToLower(command), ".exe")
	if prog != "docker" && prog != "podman" {
		return args
	}
	i := 0
	if i < len(args) && args[i] == "container" {
		i++
	}
	if i >= len(args) || args[i] != "run" {
		return args
	}
	i++
	start := i
	var groups [][]string
	for i < len(args) && strings.HasPrefix(args[i], "-") && args[i] != "--" {
		g := []string{args[i]}
		if DockerValued(args[i]) && i+1 < len(args) {
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
