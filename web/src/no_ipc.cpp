// The System V semaphores and shared memory that a cpfg model's environment
// program talks through (interpreter/cpfg/src/environment.cpp), which the
// page's C library (Emscripten's) does not have: each call fails with
// ENOSYS. The page never starts an environment program (nothing gives the
// consent it needs; docs/web.md), so these are reached by no model; they
// only let the module link.
#include <sys/sem.h>
#include <sys/shm.h>

#include <cerrno>
#include <ctime>

extern "C" {

int semget(key_t, int, int) { return errno = ENOSYS, -1; }
int semctl(int, int, int, ...) { return errno = ENOSYS, -1; }
int semop(int, struct sembuf*, size_t) { return errno = ENOSYS, -1; }
int semtimedop(int, struct sembuf*, size_t, const struct timespec*) { return errno = ENOSYS, -1; }
int shmget(key_t, size_t, int) { return errno = ENOSYS, -1; }
void* shmat(int, const void*, int) { return errno = ENOSYS, reinterpret_cast<void*>(-1); }
int shmdt(const void*) { return errno = ENOSYS, -1; }
int shmctl(int, int, struct shmid_ds*) { return errno = ENOSYS, -1; }

}  // extern "C"
