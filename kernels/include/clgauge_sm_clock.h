// The SM's own clock beside the GPU's global timer, for latencies in cycles (-DCLG_SM_CLOCK,
// NVIDIA inline PTX): a kernel takes a stamp before and after its timed loop and stores the
// loop's cycles and nanoseconds. Published cycle counts read %clock64, which runs at the SM's
// clock; the clock a device reports is its maximum, not what the SM ran at under a power or
// clock cap. Each stamp takes an input (`dep`) so that the loop's last load comes before it.
#ifdef CLG_SM_CLOCK
typedef struct {
    ulong cycles, ns;
} clg_sm_stamp;

inline clg_sm_stamp clg_sm_now(uint dep) {
    clg_sm_stamp s;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(s.cycles) : "r"(dep));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(s.ns) : "r"(dep));
    return s;
}

// state[1..2]: the loop's SM cycles (low, high word), state[3..4]: its nanoseconds.
inline void clg_sm_store(global uint* state, clg_sm_stamp a, clg_sm_stamp b) {
    const ulong c = b.cycles - a.cycles, n = b.ns - a.ns;
    state[1] = (uint)c;
    state[2] = (uint)(c >> 32);
    state[3] = (uint)n;
    state[4] = (uint)(n >> 32);
}

// Adds the cycles and nanoseconds from `a` to `b` to clock[0] and clock[1]: summed over the
// warps and launches of a run, their ratio is the SM clock the work ran at, weighted by time.
inline void clg_sm_accumulate(global ulong* clock, clg_sm_stamp a, clg_sm_stamp b) {
    asm volatile("red.global.add.u64 [%0], %1;" ::"l"((ulong)clock), "l"(b.cycles - a.cycles)
                 : "memory");
    asm volatile("red.global.add.u64 [%0], %1;" ::"l"((ulong)(clock + 1)), "l"(b.ns - a.ns)
                 : "memory");
}
#endif
