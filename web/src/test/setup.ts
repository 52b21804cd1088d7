import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait for lazily loaded pages; on a busy 2-core machine a route's
// first import takes more than the library's default second.
configure({ asyncUtilTimeout: 10_000 });
