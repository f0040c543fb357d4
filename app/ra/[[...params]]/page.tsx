import { groupCodePage } from '@/components/group/GroupCodeScreen';

/** /ra, /ra/{groupCode}: the requirements analysis's group-code entry (spec §2). */
export default groupCodePage('ra');
