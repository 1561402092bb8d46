import type { CatalogueEntry } from '../catalogue/index.ts';
import { componentFiles, mountPoint } from '../project/entry-files.ts';
import { daisyNeutrals } from '../project/daisy-neutrals.ts';
import { scriptElement } from '../project/html-document.ts';
import { addAngularComponentImport, addModuleImport, addScriptImport } from './imports.ts';
import { insertRawLines } from './regions.ts';
import type { ProjectFiles } from './project-files.ts';
import { additionTarget, shellFile } from './targets.ts';

/** "add a pricing table": the catalogue entry's component, imported and placed in the shell. */
export function addEntry(project: ProjectFiles, entry: CatalogueEntry): string {
  if (project.framework === 'html') return addEntryToHtml(project, entry);
  const files = componentFiles(project.framework, entry);
  if (files.some((file) => project.has(file.name))) {
    return `The page already has the ${entry.title.toLowerCase()} (${files[0]?.name}).`;
  }
  const shell = shellFile(project);
  if (!shell) return `I couldn't find the app shell to place the ${entry.title.toLowerCase()} in.`;
  const classFile = project.framework === 'angular' ? angularClassFile(project, shell.name) : shell.name;
  if (project.isLocked(shell.name) || project.isLocked(classFile)) {
    return `${shell.name === classFile ? shell.name : `${classFile} / ${shell.name}`} is locked, so I couldn't add the ${entry.title.toLowerCase()}.`;
  }
  const { importLine, tag } = mountPoint(project.framework, entry);
  let content = project.get(shell.name) ?? '';
  const placed = insertRawLines(content, shell.dialect, shell.name, tag, entry.placement);
  if (placed === undefined)
    return `I couldn't find where to place the ${entry.title.toLowerCase()} in ${shell.name}.`;
  content = placed;
  if (project.framework === 'react') content = addModuleImport(content, importLine);
  if (project.framework === 'vue' || project.framework === 'svelte') {
    content = addScriptImport(content, importLine, project.framework);
  }
  if (project.framework === 'angular') {
    const classContent = project.get(classFile) ?? '';
    project.set(
      classFile,
      addAngularComponentImport(addModuleImport(classContent, importLine), entry.componentName),
    );
  }
  project.set(shell.name, content);
  for (const file of files) project.set(file.name, file.content);
  const where = entry.placement === 'top' ? 'at the top of' : 'to';
  return `Added the ${entry.title.toLowerCase()} as ${files.map((file) => file.name).join(' and ')} and placed it ${where} ${shell.name}.`;
}

/** Angular keeps the template apart from the class that lists the imports. */
function angularClassFile(project: ProjectFiles, shellName: string): string {
  if (shellName.endsWith('.ts')) return shellName;
  const sibling = shellName.replace(/\.html$/, '.ts');
  return project.has(sibling) ? sibling : shellName;
}

function addEntryToHtml(project: ProjectFiles, entry: CatalogueEntry): string {
  const target = additionTarget(project);
  if (!target) return `The page is locked, so I couldn't add the ${entry.title.toLowerCase()}.`;
  const { markup, script } = entry.sources().html;
  let content = project.get(target.name) ?? '';
  const placed = insertRawLines(content, 'html', target.name, daisyNeutrals(markup), entry.placement);
  if (placed === undefined) return `I couldn't find where to place the ${entry.title.toLowerCase()}.`;
  content = placed;
  if (script) {
    const block = `${scriptElement(script)}\n`;
    const body = content.lastIndexOf('</body>');
    content =
      body === -1
        ? `${content}\n${block}`
        : `${content.slice(0, body).replace(/[ \t]*$/, '')}${block}  ${content.slice(body)}`;
  }
  project.set(target.name, content);
  return `Added the ${entry.title.toLowerCase()} to ${target.name}.`;
}
