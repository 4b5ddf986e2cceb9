// Software a model deploys on a part: Capella's behaviour components ("nature": "BEHAVIOR", "kind":
// "SOFTWARE") that deployment links ({"deployedElement": …, "location": …}) put on node components.
// Software runs on the product's hardware; it is not a part of it. What the software sends and
// receives through its ports, the part it runs on sends and receives: its ports are that part's.
import { ID_KEY, field, isObj, kindText } from './json-walk.js';
import { idText } from './json-graph.js';

type Obj = Record<string, unknown>;

const DEPLOYED_KEY = /^(deployedElements?|deployed_elements?|deployedParts?|deployed_parts?)$/i;
const HOST_KEY = /^(location|host|deployedOn|deployed_on|deploymentTarget|deployment_target)$/i;

/** Each deployed element's id with the id of the part it is deployed on. */
export function deploymentHosts(json: unknown): Map<string, string> {
  const hosts = new Map<string, string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!isObj(v)) return;
    const deployed = field(v, DEPLOYED_KEY);
    const host = idText(field(v, HOST_KEY));
    for (const d of Array.isArray(deployed) ? deployed : [deployed]) {
      const id = idText(d) ?? (isObj(d) ? idText(field(d, ID_KEY)) : undefined);
      if (id && host) hosts.set(id, host);
    }
    Object.values(v).forEach(walk);
  };
  walk(json);
  return hosts;
}

/**
 * Software, not hardware: its kind says software, or it is a behaviour component deployed on a part.
 * A behaviour component nobody deploys stays what the model draws it as (some exports mark a
 * processor a behaviour component for the code it runs).
 */
export function isHostedSoftware(o: Obj, hosts: ReadonlyMap<string, string>): boolean {
  if (/\bsoftware\b/.test(kindText(o))) return true;
  const nature = field(o, /^nature$/i);
  const id = idText(field(o, ID_KEY));
  return typeof nature === 'string' && /^behaviou?r$/i.test(nature) && !!id && hosts.has(id);
}
