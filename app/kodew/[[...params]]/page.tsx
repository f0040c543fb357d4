import { groupCodePage } from '@/components/group/GroupCodeScreen';

/** /kodew, /kodew/{groupCode}, /kodew/{groupCode}/{languageToken}: the web variant's group-code entry (spec §2). */
export default groupCodePage('kodew');
