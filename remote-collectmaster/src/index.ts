// The async boundary shared modules need: React is negotiated with the shell before any of it runs.
void import('./bootstrap');
