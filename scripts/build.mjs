import { build } from './ensure-built.mjs';

build();
