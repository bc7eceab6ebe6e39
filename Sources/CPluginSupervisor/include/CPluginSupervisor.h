#ifndef VIEWFINDER_CPLUGINSUPERVISOR_H
#define VIEWFINDER_CPLUGINSUPERVISOR_H

// The plugin supervisor: a small C program built into every binary that runs plugins, started
// by re-executing the binary itself (/proc/self/exe) with argv[0] set to the mode name below.
// A constructor notices that argv[0] before anything else of the program runs, and never
// returns: the Swift runtime, Foundation and the command line are never set up in it.
//
// Its command line: the mode name and the expected parent's pid, nothing else (`ps` and tests
// looking for a plugin's arguments find the plugin alone); its environment is the plugin's;
// descriptors 0-2 are the plugin's streams; descriptor 3 is a socket on which it first reads,
// up to Viewfinder's end of writing, the search path (Viewfinder's PATH) and then the plugin's
// program and arguments, each ended by a NUL byte, and then reports once whether the plugin
// started: 4 bytes, 0 or the errno of the failed start (nothing: it could not go on).
//
// It outlives no Viewfinder: it asks for SIGTERM when its parent dies (PR_SET_PDEATHSIG, and
// checks the parent is still the expected one to close the race), becomes a subreaper
// (PR_SET_CHILD_SUBREAPER), starts the plugin in a new process group whose id is the
// supervisor's own pid (so Viewfinder can still kill the whole group at once, safely, with
// the supervisor its unreaped child), then leaves that group. When the plugin exits, is killed
// with its group, or Viewfinder dies, it kills the group and then every process left below it
// (orphans reparented to it included), reaps them, and ends as the plugin ended.

/// The argv[0] that starts a binary as the plugin supervisor.
const char *vf_supervisor_mode(void);

#endif
