// The standalone entry of the fixture remote: loads ./app through the federation runtime.
export default import('./app');
