/* The program behind every command the package installs: /usr/bin/APP and the links to it named like the app's
 * console scripts. It runs launcher.py with the interpreter the bundled wheels were built for, passing the name
 * it was started as. It finds launcher.py relative to its own location, so an unpacked package (dpkg -x) runs
 * as it would installed. Python starts isolated (-I: no PYTHON* variables, no user site) and writes no .pyc
 * into the installation (-B; the build compiled them). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PYTHON
#error "build with -DPYTHON='\"/usr/bin/python3.X\"'"
#endif
#ifndef LAUNCHER
#error "build with -DLAUNCHER='\"path of launcher.py relative to this program's folder\"'"
#endif

int main(int argc, char *argv[]) {
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n < 0) {
        perror("cannot find this program's location (/proc/self/exe)");
        return 127;
    }
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    *slash = '\0';

    char script[PATH_MAX];
    if (snprintf(script, sizeof script, "%s/%s", exe, LAUNCHER) >= (int)sizeof script) {
        fprintf(stderr, "installation path too long: %s\n", exe);
        return 127;
    }
    const char *command = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];

    char **args = calloc((size_t)argc + 5, sizeof *args);
    if (args == NULL) {
        perror(command);
        return 127;
    }
    int i = 0;
    args[i++] = PYTHON;
    args[i++] = "-I";
    args[i++] = "-B";
    args[i++] = script;
    args[i++] = (char *)command;
    for (int a = 1; a < argc; a++) args[i++] = argv[a];
    args[i] = NULL;

    execv(PYTHON, args);
    fprintf(stderr, "%s: cannot run %s: %s\n", command, PYTHON, strerror(errno));
    return 127;
}
